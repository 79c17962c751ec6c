import type { Migration } from '@cassette/plugin-sdk/server';

export const alertsMigrations: Migration[] = [
  {
    id: '0001_alerts',
    up: [
      // The reader columns keep whose permissions the evaluation reads with: the member who last saved the alert.
      `create table alerts_alerts (
        alert_id serial primary key,
        project_id integer not null,
        tenant_id integer not null,
        user_id integer not null,
        reader_admin boolean not null default false,
        reader_permissions text[] not null default '{}',
        name text not null,
        description text not null default '',
        active boolean not null default true,
        detection_method text not null,
        change text not null default 'absolute',
        left_metric text not null,
        operator text not null,
        threshold double precision not null,
        current_period integer not null,
        previous_period integer not null,
        renotify_minutes integer not null,
        messages jsonb not null default '[]'::jsonb,
        slack boolean not null default false,
        email boolean not null default false,
        webhook boolean not null default false,
        slack_input jsonb not null default '[]'::jsonb,
        email_input jsonb not null default '[]'::jsonb,
        webhook_input jsonb not null default '[]'::jsonb,
        firing boolean not null default false,
        last_notified_at timestamptz,
        last_evaluated_at timestamptz,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`,
      `create index alerts_alerts_project on alerts_alerts (project_id, created_at desc)`,
      `create index alerts_alerts_active on alerts_alerts (active) where active`,
      // One row per alert and period: the unique key is the claim that makes an evaluation happen once across processes.
      `create table alerts_evaluations (
        evaluation_id serial primary key,
        alert_id integer not null references alerts_alerts (alert_id) on delete cascade,
        period_end timestamptz not null,
        claimed_until timestamptz not null,
        evaluated_at timestamptz,
        value double precision,
        previous_value double precision,
        compared double precision,
        operator text not null,
        threshold double precision not null,
        fired boolean not null default false,
        notice text
      )`,
      `create unique index alerts_evaluations_slot on alerts_evaluations (alert_id, period_end)`,
      `create table alerts_deliveries (
        delivery_id serial primary key,
        alert_id integer not null references alerts_alerts (alert_id) on delete cascade,
        evaluation_id integer not null references alerts_evaluations (evaluation_id) on delete cascade,
        channel text not null,
        recipient text not null,
        notice text not null,
        payload jsonb not null,
        status text not null default 'pending',
        attempts integer not null default 0,
        error text,
        created_at timestamptz not null default now(),
        sent_at timestamptz
      )`,
      `create index alerts_deliveries_alert on alerts_deliveries (alert_id, created_at desc)`,
    ],
  },
  {
    id: '0002_alerts_anchored_periods',
    up: [
      // Periods count from the last save, so a saved alert is checked at once and then every period (see periods.ts).
      `alter table alerts_alerts add column anchored_at timestamptz not null default now()`,
    ],
  },
];
