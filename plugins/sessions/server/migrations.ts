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
  {
    // The spec's Session fields (part 2 §3) and what the search filters read (part 1 §3).
    id: '0002_session_fields',
    up: [
      `alter table sessions_sessions
        add column tenant_id integer,
        add column user_uuid text,
        add column user_browser_version text,
        add column user_os_version text,
        add column user_agent text,
        add column page_title text,
        add column first_url text,
        add column first_path text,
        add column referrer text,
        add column timezone text,
        add column language text,
        add column screen_width integer,
        add column screen_height integer,
        add column viewport_width integer,
        add column viewport_height integer,
        add column rev_id text,
        add column tracker_version text,
        add column console_logs_count integer not null default 0,
        add column requests_count integer not null default 0,
        add column avg_cpu real,
        add column avg_memory_used double precision,
        add column last_event_at timestamptz,
        add column ended_at timestamptz,
        add column updated_at timestamptz not null default now()`,
      `create index sessions_sessions_project_user on sessions_sessions (project_id, user_id)`,
      `create index sessions_sessions_project_anonymous on sessions_sessions (project_id, user_anonymous_id)`,
      `create index sessions_sessions_project_duration on sessions_sessions (project_id, duration_ms)`,
      // Retention walks each project's oldest sessions.
      `create index sessions_sessions_started on sessions_sessions (started_at)`,
    ],
  },
  {
    id: '0003_session_events',
    up: [
      // One row per searchable event; (session_id, seq, idx) makes a replayed batch insert nothing.
      `create table sessions_events (
        project_id integer not null,
        session_id text not null,
        seq integer not null,
        idx integer not null,
        ts timestamptz not null,
        type text not null,
        url text,
        host text,
        path text,
        label text,
        selector text,
        value text,
        name text,
        method text,
        status integer,
        success boolean,
        duration integer,
        ttfb integer,
        dom_content_loaded integer,
        dom_complete integer,
        load_time integer,
        fcp integer,
        lcp integer,
        speed_index integer,
        tti integer,
        dom_building integer,
        payload jsonb,
        primary key (session_id, seq, idx)
      )`,
      `create index sessions_events_project_type_ts on sessions_events (project_id, type, ts)`,
      // Prefix search ("starts with", "is") on the fields filters read; values are capped so they fit a btree entry.
      `create index sessions_events_project_type_path on sessions_events (project_id, type, path text_pattern_ops)`,
      `create index sessions_events_project_type_label on sessions_events (project_id, type, label text_pattern_ops)`,
      `create index sessions_events_project_type_name on sessions_events (project_id, type, name text_pattern_ops)`,
    ],
  },
  {
    id: '0004_viewed_favorites',
    up: [
      `create table sessions_viewed (
        session_id text not null,
        user_id integer not null,
        project_id integer not null,
        viewed_at timestamptz not null default now(),
        primary key (session_id, user_id)
      )`,
      `create table sessions_favorites (
        session_id text not null,
        user_id integer not null,
        project_id integer not null,
        created_at timestamptz not null default now(),
        primary key (session_id, user_id)
      )`,
      `create index sessions_favorites_user on sessions_favorites (user_id, project_id)`,
    ],
  },
  {
    // Set once sessions.ended went out: a crash between ending a session and publishing
    // leaves it null, and the ingest retry of sessionEnded publishes then.
    id: '0005_end_event_published',
    up: [
      `alter table sessions_sessions add column end_event_published_at timestamptz`,
      `update sessions_sessions set end_event_published_at = ended_at where ended_at is not null`,
      // Sessions per device (the tracker's random per-browser id) for anonymous visitors.
      `create index sessions_sessions_project_uuid on sessions_sessions (project_id, user_uuid)`,
    ],
  },
  {
    // Issues found by the sessions.issues processor (issues/), and its detectors' state per
    // session; issue_id is `${type}:${seq}:${idx}` so a repeated batch inserts nothing.
    id: '0006_issues',
    up: [
      `create table sessions_issues (
        project_id integer not null,
        session_id text not null,
        issue_id text not null,
        type text not null,
        context_string text not null,
        ts timestamptz not null,
        seq integer not null,
        idx integer not null,
        payload jsonb,
        primary key (session_id, issue_id)
      )`,
      `create index sessions_issues_project_type_ts on sessions_issues (project_id, type, ts)`,
      `create table sessions_issue_state (
        session_id text primary key,
        project_id integer not null,
        last_seq integer not null,
        state jsonb not null,
        finished_at timestamptz,
        updated_at timestamptz not null default now()
      )`,
      `alter table sessions_sessions add column issue_score integer not null default 0`,
    ],
  },
  {
    // What the player needs to know about each stored batch without reading its blob
    // (written by the sessions.recordingIndex processor, idempotent per (session, seq)).
    id: '0007_recording_chunks',
    up: [
      `create table sessions_recording_chunks (
        project_id integer not null,
        session_id text not null,
        seq integer not null,
        page_no integer not null,
        first_ts timestamptz,
        last_ts timestamptz,
        has_full_snapshot boolean not null,
        bytes integer not null,
        primary key (session_id, seq)
      )`,
    ],
  },
  {
    // Saved searches (spec part 2 §3): private to the author unless public in the project.
    id: '0008_saved_searches',
    up: [
      `create table sessions_saved_searches (
        search_id serial primary key,
        project_id integer not null,
        user_id integer not null,
        name text not null,
        filter jsonb not null,
        is_public boolean not null default false,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`,
      `create index sessions_saved_searches_project on sessions_saved_searches (project_id, user_id)`,
    ],
  },
  {
    // What the typical searches need at a million sessions (tests/bench, `npm run bench:search`).
    // A search counts every matching session: the event indexes carry session_id and ts, so
    // that count reads the index alone instead of the table once per matching event.
    id: '0009_search_indexes',
    up: [
      // Page visits (path) and clicks / inputs (label) with a given value. session_id as a key
      // also serves the per-session lookups of event steps; these replace the 0003 indexes on
      // the same leading columns and opclass, so a prefix LIKE still uses them.
      `drop index if exists sessions_events_project_type_path`,
      `create index sessions_events_search_path on sessions_events (project_id, type, path text_pattern_ops, session_id) include (ts) where path is not null`,
      `drop index if exists sessions_events_project_type_label`,
      `create index sessions_events_search_label on sessions_events (project_id, type, label text_pattern_ops, session_id) include (ts) where label is not null`,
      // Failing requests (FETCH status >= 400 or >= 500, alone or as a step): a few % of requests,
      // so a small index, read whole for the count and by session_id inside step lookups. The
      // planner uses it when the query's status bound is a literal of at least 400 (the driver
      // inlines parameters). An index led by status tempts the planner to combine it with the
      // primary key inside per-session step lookups, which is far slower.
      `create index sessions_events_search_bad_status on sessions_events (project_id, type, session_id) include (status, ts) where status >= 400`,
      // Largest contentful paint over a threshold on any page.
      `create index sessions_events_search_lcp on sessions_events (project_id, type, lcp, ts) include (session_id) where lcp is not null`,
      // Browser is X: the page walks it newest first, the count reads the index alone.
      `create index sessions_sessions_project_browser on sessions_sessions (project_id, user_browser, started_at)`,
    ],
  },
  {
    // A big batch reaches the issue heuristics in slices: how far into batch last_seq they have
    // read (events of both kinds), null once they have read all of it, so a repeated slice is skipped.
    id: '0010_issue_state_slices',
    up: [`alter table sessions_issue_state add column last_seq_seen integer`],
  },
  {
    // Funnels (server/analytics/): each stage reads every event of its step in the range with its
    // session and position (ts, seq, idx). With the position in the index those reads never touch
    // the table: at a million sessions (tests/bench generator) a 4-step funnel of clicks and page
    // visits over 7 days went from 3.0 s to 1.6 s, its "Add to cart" step from 970 ms to 75 ms
    // (PostgreSQL 15, EXPLAIN ANALYZE). They replace the search indexes on the same keys (path and
    // label: 0009; name: 0003), which the session search reads as before; CUSTOM steps read name.
    id: '0011_funnel_step_indexes',
    up: [
      `drop index if exists sessions_events_search_path`,
      `create index sessions_events_search_path on sessions_events (project_id, type, path text_pattern_ops, session_id) include (ts, seq, idx) where path is not null`,
      `drop index if exists sessions_events_search_label`,
      `create index sessions_events_search_label on sessions_events (project_id, type, label text_pattern_ops, session_id) include (ts, seq, idx) where label is not null`,
      `drop index if exists sessions_events_project_type_name`,
      `create index sessions_events_search_name on sessions_events (project_id, type, name text_pattern_ops, session_id) include (ts, seq, idx) where name is not null`,
    ],
  },
  {
    // "Starts with" ignores case, and search/text-match.ts compares it as lower(column) LIKE
    // lower(prefix) || '%'. Only an index on lower(column) with text_pattern_ops turns that into a
    // range scan; before, ILIKE read every page view (click, custom event) of the project and
    // filtered each. The column itself is included because PostgreSQL reads an expression index
    // alone (index-only, no table visits) only when the query's columns are all in it; session_id
    // and the position serve funnel stages and search counts as the 0011 indexes do.
    // On the tests/bench generator's data the benchmark funnel's first step, "starts with
    // /products/" over 7 days, now reads the 123,000 product page views of the project's month at
    // 100,000 sessions instead of all 365,000 page views (EXPLAIN ANALYZE, PostgreSQL 15).
    //
    // Cost on a large install: each index is built over every event row that has the column, in
    // one pass and inside the migration's transaction (CONCURRENTLY cannot run there), so writes
    // to sessions_events wait while they build: the three took about 3 minutes together at a
    // million sessions (18 M events) on 2 busy vCPUs, 30 s at 100,000, and they take 1.8 GB of
    // disk at a million sessions (path 0.6, label 0.9, name 0.4; the events table with its
    // indexes was 8.4 GB). Plan the upgrade of a big install for a quiet hour, or create the same
    // indexes CONCURRENTLY by hand first (the names and definitions below) and let this step find
    // them: it is skipped per index that already exists.
    id: '0012_lower_prefix_indexes',
    up: [
      `create index if not exists sessions_events_lower_path on sessions_events (project_id, type, lower(path) text_pattern_ops, session_id) include (ts, seq, idx, path) where path is not null`,
      `create index if not exists sessions_events_lower_label on sessions_events (project_id, type, lower(label) text_pattern_ops, session_id) include (ts, seq, idx, label) where label is not null`,
      `create index if not exists sessions_events_lower_name on sessions_events (project_id, type, lower(name) text_pattern_ops, session_id) include (ts, seq, idx, name) where name is not null`,
    ],
  },
  {
    // A funnel starts from the sessions started within its range, with who they are
    // (server/analytics/funnel-stages.ts funnel_sessions). Read by started_at alone, each of them
    // cost a visit to the table: at a million sessions 258,000 visits for 7 days, 2.1 s of a 9 s
    // funnel page under load (EXPLAIN ANALYZE, PostgreSQL 15). With the columns in the index the
    // read never leaves it; the dashboard widgets' session numbers (duration, pages) read it alone
    // too. Small next to the event indexes: one row per session.
    id: '0013_funnel_sessions_index',
    up: [`create index if not exists sessions_sessions_project_started_users on sessions_sessions (project_id, started_at) include (session_id, user_id, user_uuid, duration_ms, pages_count)`],
  },
  {
    // The predefined dashboard widgets (server/analytics/catalogue/): the page timings they read
    // that the tracker did not record before (first paint, the document's response time and end,
    // the start of DOMContentLoaded), filled from page_timing events like the others; and indexes
    // that hold what the widgets read of pages, requests and performance samples, so they read the
    // index alone. Without them each widget read the rows from the table, where a week's page
    // visits lie among every other event: at 100,000 sessions (tests/bench, PostgreSQL 15) an
    // overview number read 19,000 pages of the table (150 MB) for 183,000 page visits, 1.6-2.2 s.
    // Included text is short: hosts are ASCII and at most 500 characters (event-rows.ts).
    id: '0014_catalogue_widget_indexes',
    up: [
      `alter table sessions_events
        add column if not exists first_paint integer,
        add column if not exists response_time integer,
        add column if not exists response_end integer,
        add column if not exists dom_content_loaded_start integer`,
      `create index if not exists sessions_events_catalogue_pages on sessions_events (project_id, ts)
        include (session_id, ttfb, dom_content_loaded, dom_content_loaded_start, load_time, fcp, first_paint, speed_index, tti, dom_building, response_time, response_end)
        where type = 'LOCATION'`,
      `create index if not exists sessions_events_catalogue_requests on sessions_events (project_id, ts) include (session_id, duration, status, host) where type = 'FETCH'`,
      // A sample's payload is four numbers (event-rows.ts), small enough to sit in the index.
      `create index if not exists sessions_events_catalogue_samples on sessions_events (project_id, ts) include (session_id, payload) where type = 'PERFORMANCE'`,
    ],
  },
  {
    // Watchdog rules (shared/watchdogs.ts): issue types a project defines. What they find is
    // stored in sessions_issues as type 'watchdog' (payload.watchdogId); each session keeps the
    // ids of the rules that flagged it, and a saved search the rules it watches.
    id: '0015_watchdogs',
    up: [
      `create table if not exists sessions_watchdogs (
        watchdog_id serial primary key,
        project_id integer not null,
        name text not null,
        type text not null check (type in ('event', 'threshold')),
        icon text not null,
        rule_id text not null,
        rule_config jsonb not null,
        enabled boolean not null default true,
        visible boolean not null default true,
        capture_all boolean not null default true,
        rate integer not null default 100 check (rate between 0 and 100),
        created_by integer,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`,
      `create index if not exists sessions_watchdogs_project on sessions_watchdogs (project_id)`,
      `alter table sessions_sessions add column if not exists watchdogs jsonb not null default '[]'::jsonb`,
      `alter table sessions_saved_searches add column if not exists watchdogs jsonb not null default '[]'::jsonb`,
    ],
  },
  {
    // Rehydration jobs (spec part 2 §3): re-run the issue detection, watchdog rules included,
    // over a project's ended sessions of a time range (or of one user).
    id: '0016_rehydrations',
    up: [
      `create table if not exists sessions_rehydrations (
        rehydration_id serial primary key,
        project_id integer not null,
        name text not null,
        start_at timestamptz not null,
        end_at timestamptz not null,
        user_id text,
        state text not null check (state in ('queued', 'in progress', 'done', 'failed')),
        sessions_count integer not null default 0,
        processed_count integer not null default 0,
        error text,
        created_by integer not null,
        created_at timestamptz not null default now(),
        finished_at timestamptz
      )`,
      `create index if not exists sessions_rehydrations_project on sessions_rehydrations (project_id, rehydration_id)`,
    ],
  },
  {
    // A performance sample's numbers in columns of their own (event-rows.ts): dashboards average
    // them over two weeks of samples, and reading them out of the payload cost as much as the rest
    // of such a widget (at 100,000 sessions, 270 of 650 ms for avg_cpu on PostgreSQL 15). The
    // samples' index carries the three numbers instead of the payload (65 MB at that size).
    id: '0017_performance_sample_columns',
    up: [
      `alter table sessions_events
        add column if not exists cpu double precision,
        add column if not exists fps double precision,
        add column if not exists memory_used double precision`,
      `update sessions_events set
        cpu = case when jsonb_typeof(payload -> 'cpu') = 'number' then (payload ->> 'cpu')::float8 end,
        fps = case when jsonb_typeof(payload -> 'fps') = 'number' then (payload ->> 'fps')::float8 end,
        memory_used = case when jsonb_typeof(payload -> 'memoryUsed') = 'number' then (payload ->> 'memoryUsed')::float8 end
        where type = 'PERFORMANCE' and payload is not null`,
      `drop index if exists sessions_events_catalogue_samples`,
      `create index if not exists sessions_events_catalogue_sample_numbers on sessions_events (project_id, ts) include (session_id, cpu, fps, memory_used) where type = 'PERFORMANCE'`,
    ],
  },
  {
    // The date operators (before, after, withinLast) on metadata values: a value is a time when it
    // is an ISO 8601 day or day and time, or epoch milliseconds; anything else (or an impossible
    // date like 2026-02-31) reads as null, so a search never fails on what a site sent.
    id: '0018_metadata_time_reader',
    up: [
      `create or replace function sessions_metadata_time(value text) returns timestamptz language plpgsql stable as $fn$
      begin
        if value is null then return null; end if;
        if value ~ '^[0-9]{1,15}$' then return to_timestamp(value::bigint / 1000.0); end if;
        if value !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}([T ][0-9]{2}:[0-9]{2}(:[0-9]{2}(\\.[0-9]{1,6})?)?(Z|[+-][0-9]{2}(:?[0-9]{2})?)?)?$' then return null; end if;
        return value::timestamptz;
      exception when others then
        return null;
      end
      $fn$`,
    ],
  },
  {
    // Targets (shared/targets.ts): elements of a page named in the player's target definer. A page
    // is its address without query or hash; each element (selector) of a page has one name.
    id: '0019_targets',
    up: [
      `create table if not exists sessions_targets (
        target_id serial primary key,
        project_id integer not null,
        label text not null,
        path text not null,
        location text not null,
        is_custom boolean not null default true,
        created_by integer,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`,
      `create unique index if not exists sessions_targets_project_location_path on sessions_targets (project_id, location, path)`,
    ],
  },
];
