import type { Migration } from '@cassette/plugin-sdk/server';

// No foreign keys to core tables: plugins own their tables and only store the kernel's ids.
export const assetsMigrations: Migration[] = [
  {
    id: '0001_assets',
    up: [
      `create table assets_assets (
        id bigserial primary key,
        project_id integer not null,
        url text not null,
        url_hash text not null,
        depth smallint not null default 0,
        state text not null default 'pending' check (state in ('pending', 'stored', 'failed')),
        reason text,
        -- The other host failed (its status, a timeout) rather than our rules refusing: 502, not 404.
        failed_upstream boolean not null default false,
        content_type text,
        bytes bigint,
        blob_key text,
        fetched_at timestamptz,
        created_at timestamptz not null default now()
      )`,
      // One row per URL and project: the route and the processor find it by hash.
      `create unique index assets_assets_project_url_unique on assets_assets (project_id, url_hash)`,
      // The background fetch takes a project's pending URLs oldest first.
      `create index assets_assets_pending_index on assets_assets (project_id, id) where state = 'pending'`,
    ],
  },
  {
    id: '0002_live_references',
    up: [
      // The asset URLs a live session's stream showed its agents: the live asset route serves
      // those (and the references of those stylesheets) to ASSIST_LIVE holders, nothing else.
      `create table assets_live_references (
        project_id integer not null,
        session_id text not null,
        url_hash text not null,
        created_at timestamptz not null default now(),
        primary key (project_id, session_id, url_hash)
      )`,
    ],
  },
];
