import type { Migration } from '@cassette/plugin-sdk/server';

// No foreign keys to core or other plugins' tables: only their ids are stored.
export const ingestMigrations: Migration[] = [
  {
    id: '0001_ingest_sessions_batches',
    up: [
      `create table ingest_sessions (
        id text primary key,
        project_id integer not null,
        tenant_id integer not null,
        started_at timestamptz not null,
        info jsonb not null,
        last_batch_at timestamptz,
        last_event_at timestamptz,
        next_seq integer not null default 0,
        stored_batches integer not null default 0,
        processed_batches integer not null default 0,
        processing_started boolean not null default false,
        final_seq integer,
        failures integer not null default 0,
        ended_at timestamptz,
        end_reason text check (end_reason in ('final', 'silence')),
        lease_owner text,
        lease_until timestamptz
      )`,
      // Retention deletes by project and age; the sweep looks for open sessions gone quiet.
      `create index ingest_sessions_project_started_index on ingest_sessions (project_id, started_at)`,
      `create index ingest_sessions_open_index on ingest_sessions (last_batch_at) where ended_at is null`,
      `create table ingest_batches (
        session_id text not null,
        seq integer not null,
        project_id integer not null,
        page_no integer not null,
        blob_key text not null,
        content_hash text not null,
        received_bytes integer not null,
        json_bytes integer not null,
        stored_bytes integer not null,
        clock_offset_ms bigint not null default 0,
        is_final boolean not null default false,
        received_at timestamptz not null default now(),
        processed_at timestamptz,
        failures integer not null default 0,
        skipped_reason text,
        primary key (session_id, seq)
      )`,
      `create index ingest_batches_unprocessed_index on ingest_batches (received_at) where processed_at is null`,
    ],
  },
  {
    // A processing step that kept failing is parked here (not dropped) until an admin retries it.
    id: '0002_ingest_parked_steps',
    up: [
      `create table ingest_parked_steps (
        id serial primary key,
        session_id text not null,
        project_id integer not null,
        tenant_id integer not null,
        step text not null check (step in ('sessionStarted', 'batch', 'sessionEnded')),
        seq integer not null default -1,
        processor text not null,
        error text not null,
        attempts integer not null,
        parked_at timestamptz not null default now(),
        retried_at timestamptz,
        unique (session_id, step, seq)
      )`,
      // The admin's list: a tenant's parked steps, oldest session first.
      `create index ingest_parked_steps_tenant_index on ingest_parked_steps (tenant_id, session_id)`,
    ],
  },
  {
    // The account's capture rate (GET/POST /sample_rate): one row per organization once an admin
    // saved it; without a row the default applies (rate 0, capture all).
    id: '0003_ingest_capture_rates',
    up: [
      `create table if not exists ingest_capture_rates (
        tenant_id integer primary key,
        rate integer not null check (rate between 0 and 100),
        capture_all boolean not null,
        updated_at timestamptz not null default now()
      )`,
    ],
  },
];
