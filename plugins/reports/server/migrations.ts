import type { Migration } from '@cassette/plugin-sdk/server';

export const reportsMigrations: Migration[] = [
  {
    id: '0001_weekly_report_sends',
    up: [
      // One row per tenant and reported week: its primary key is the claim that lets one process send it.
      `create table reports_weekly_sends (
        tenant_id integer not null,
        week text not null,
        claimed_until timestamptz not null,
        sent_at timestamptz,
        recipients integer,
        primary key (tenant_id, week)
      )`,
      // One row per member mailed: a send retried after a failure skips those already mailed.
      `create table reports_weekly_deliveries (
        tenant_id integer not null,
        week text not null,
        user_id integer not null,
        sent_at timestamptz not null default now(),
        primary key (tenant_id, week, user_id)
      )`,
    ],
  },
];
