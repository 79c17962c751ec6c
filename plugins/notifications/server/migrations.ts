import type { Migration } from '@cassette/plugin-sdk/server';

// No foreign keys to core tables: plugins own their tables and only store the kernel's ids.
export const notificationsMigrations: Migration[] = [
  {
    id: '0001_notifications_announcements',
    up: [
      `create table notifications_notifications (
        id serial primary key,
        tenant_id integer not null,
        user_id integer not null,
        project_id integer,
        level text not null default 'info' check (level in ('info', 'warning', 'error')),
        title text not null,
        description text,
        link text,
        type text not null,
        source text not null default 'SYSTEM' check (source in ('ALERT', 'SYNTHETIC', 'SYSTEM')),
        source_id text,
        source_meta jsonb,
        filter_key text,
        viewed_at timestamptz,
        created_at timestamptz not null default now()
      )`,
      // The panel reads a user's newest 50; the badge counts a user's unviewed ones.
      `create index notifications_notifications_user_created_index on notifications_notifications (user_id, created_at desc, id desc)`,
      `create index notifications_notifications_user_unviewed_index on notifications_notifications (user_id) where viewed_at is null`,
      // Retention deletes by age across all users.
      `create index notifications_notifications_created_index on notifications_notifications (created_at)`,
      `create table notifications_announcements (
        id serial primary key,
        tenant_id integer not null,
        key text,
        type text not null default 'announcement',
        title text not null,
        description text not null,
        image_url text,
        button_url text,
        button_text text,
        created_at timestamptz not null default now()
      )`,
      `create index notifications_announcements_tenant_created_index on notifications_announcements (tenant_id, created_at desc, id desc)`,
      `create unique index notifications_announcements_tenant_key_unique on notifications_announcements (tenant_id, key) where key is not null`,
      `create table notifications_announcement_reads (
        user_id integer primary key,
        tenant_id integer not null,
        last_read_at timestamptz not null
      )`,
    ],
  },
  {
    id: '0002_weekly_report',
    up: [
      // One row per user who chose; no row reads as the default (on), so existing users need no backfill.
      `create table notifications_weekly_report (
        user_id integer primary key,
        tenant_id integer not null,
        enabled boolean not null,
        updated_at timestamptz not null default now()
      )`,
      // The weekly mail reads a tenant's choices at once.
      `create index notifications_weekly_report_tenant on notifications_weekly_report (tenant_id)`,
    ],
  },
  {
    id: '0003_weekly_report_time_zone',
    up: [
      // One row per organization whose admin picked a zone; no row reads as UTC.
      `create table notifications_weekly_report_time_zone (
        tenant_id integer primary key,
        time_zone text not null,
        updated_by integer not null,
        updated_at timestamptz not null default now()
      )`,
    ],
  },
];
