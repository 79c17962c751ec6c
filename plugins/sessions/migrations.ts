import type { Migration } from '@cassette/plugin-sdk/server';

export const sessionsMigrations: Migration[] = [
  {
    id: '0001_sessions',
    up: [
      `create table sessions_sessions (
        session_id text primary key,
        project_id integer not null,
        started_at timestamptz not null,
        duration_ms integer not null default 0,
        user_id text,
        user_anonymous_id text,
        user_browser text,
        user_os text,
        user_device text,
        user_device_type text,
        user_country text,
        pages_count integer not null default 0,
        events_count integer not null default 0,
        errors_count integer not null default 0,
        issue_types jsonb not null default '[]'::jsonb,
        metadata jsonb not null default '{}'::jsonb
      )`,
      `create index sessions_sessions_project_started on sessions_sessions (project_id, started_at desc)`,
    ],
  },
];
