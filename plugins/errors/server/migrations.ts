import type { Migration } from '@cassette/plugin-sdk/server';

export const errorsMigrations: Migration[] = [
  {
    id: '0001_errors',
    up: [
      // One row per error group. `fingerprint` is the group's own; merged groups keep theirs and point at their parent.
      `create table errors_errors (
        error_id text primary key,
        project_id integer not null,
        tenant_id integer not null,
        fingerprint text not null,
        source text not null,
        name text not null,
        message text not null,
        status text not null default 'unresolved',
        parent_error_id text,
        first_occurrence_at timestamptz not null,
        last_occurrence_at timestamptz not null,
        first_frame text,
        status_changed_at timestamptz,
        created_at timestamptz not null default now()
      )`,
      `create index errors_errors_project_last on errors_errors (project_id, last_occurrence_at desc)`,
      // Which group a fingerprint's occurrences go to (re-pointed by a merge).
      `create table errors_fingerprints (
        project_id integer not null,
        fingerprint text not null,
        error_id text not null,
        primary key (project_id, fingerprint)
      )`,
      // One row per recorded exception; (session_id, seq, idx) makes a replayed batch insert nothing.
      `create table errors_occurrences (
        project_id integer not null,
        error_id text not null,
        session_id text not null,
        seq integer not null,
        idx integer not null,
        ts timestamptz not null,
        user_key text not null,
        user_id text,
        user_anonymous_id text,
        browser text,
        os text,
        device text,
        country text,
        url text,
        release text,
        name text not null,
        message text not null,
        stack text,
        frames jsonb not null default '[]'::jsonb,
        primary key (session_id, seq, idx)
      )`,
      `create index errors_occurrences_error_ts on errors_occurrences (project_id, error_id, ts desc)`,
      `create index errors_occurrences_project_ts on errors_occurrences (project_id, ts)`,
      `create table errors_viewed (
        error_id text not null,
        user_id integer not null,
        viewed_at timestamptz not null default now(),
        primary key (error_id, user_id)
      )`,
      `create table errors_favorites (
        error_id text not null,
        user_id integer not null,
        created_at timestamptz not null default now(),
        primary key (error_id, user_id)
      )`,
      // The map itself lives in the blob store under blob_key.
      `create table errors_sourcemaps (
        project_id integer not null,
        release text not null,
        file text not null,
        blob_key text not null,
        bytes integer not null,
        uploaded_at timestamptz not null default now(),
        primary key (project_id, release, file)
      )`,
    ],
  },
  {
    id: '0002_errors_sessions',
    up: [
      // What the processor must remember about a session between its batches: who the user is
      // and which page is open. `last_seq` is the batch that set it (a late batch does not overwrite).
      `create table errors_sessions (
        session_id text primary key,
        project_id integer not null,
        user_id text,
        user_anonymous_id text,
        user_uuid text,
        page_url text,
        last_seq integer not null default -1
      )`,
      `create index errors_sessions_project on errors_sessions (project_id)`,
      `create index errors_errors_parent on errors_errors (parent_error_id) where parent_error_id is not null`,
      `create index errors_favorites_user on errors_favorites (user_id)`,
    ],
  },
  {
    // Counting a group's users or sessions (the list sorted by them) from the index alone, without the wide rows.
    id: '0003_occurrence_counts_index',
    up: [`create index errors_occurrences_error_counts on errors_occurrences (project_id, error_id) include (user_key, session_id)`],
  },
  {
    // Occurrences recorded in a synthetic test run (the session's metadata carries `synthetic`), and
    // what the processor remembers of that between a session's batches. Earlier rows were real visits.
    id: '0004_synthetic_occurrences',
    up: [
      `alter table errors_occurrences add column synthetic boolean not null default false`,
      `alter table errors_sessions add column synthetic boolean not null default false`,
      // Few occurrences are synthetic: the list counts and filters them from this small index.
      `create index errors_occurrences_synthetic on errors_occurrences (project_id, error_id, ts) where synthetic`,
    ],
  },
];
