import type { Migration } from '@cassette/plugin-sdk/server';

export const funnelsMigrations: Migration[] = [
  {
    id: '0001_funnels',
    up: [
      // A funnel keeps its definition only: every figure is counted from the sessions when asked.
      `create table funnels_funnels (
        funnel_id serial primary key,
        project_id integer not null,
        user_id integer not null,
        name text not null,
        filter jsonb not null,
        is_public boolean not null default false,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`,
      `create index funnels_funnels_project_created on funnels_funnels (project_id, created_at desc)`,
      // The per-member limit counts these.
      `create index funnels_funnels_project_user on funnels_funnels (project_id, user_id)`,
    ],
  },
];
