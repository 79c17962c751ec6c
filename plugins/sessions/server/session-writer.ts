import { joinSql, sql, trusted, type SqlFragment, type SqlRunner } from '@cassette/plugin-sdk/server';
import type { IngestSession } from '@cassette/plugin-ingest/api';
import { COUNTED_EVENT_TYPES, EMPTY_EVENT_COLUMNS, INDEXED_TEXT_MAX, SAMPLE_COLUMNS, TIMING_COLUMNS, text, type EventRow, type TimingUpdate } from './event-rows.js';

/**
 * Writes of the session summary and its events. Every write is idempotent: rows are keyed by
 * (session, seq, idx) and the summary is recomputed from the stored rows, never incremented,
 * so a call repeated after a crash changes nothing.
 */

export const MAX_METADATA_KEYS = 50;
const MAX_INT = 2_147_483_647;
/** 27 bind parameters per row: 1,000 rows stay far below PostgreSQL's 65,535 per statement. */
const EVENT_CHUNK = 1000;

export interface SessionRow {
  session_id: string;
  project_id: number;
  tenant_id: number | null;
  started_at: Date;
  duration_ms: number;
  user_id: string | null;
  pages_count: number;
  events_count: number;
  errors_count: number;
  issue_types: string[];
  ended_at: Date | null;
}

function pathOf(url: string): string | null {
  try {
    return text(new URL(url).pathname, INDEXED_TEXT_MAX);
  } catch {
    return text(url, INDEXED_TEXT_MAX);
  }
}

function dimension(n: unknown): number | null {
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= 100_000 ? n : null;
}

/**
 * Creates the summary row from what ingest learned at start. `refresh` also rewrites the
 * start facts of an existing row (a repeated start); `ifMissing` leaves an existing row alone.
 */
export async function upsertSession(run: SqlRunner, s: IngestSession, mode: 'refresh' | 'ifMissing'): Promise<void> {
  const columns = {
    session_id: s.sessionId,
    project_id: s.projectId,
    tenant_id: s.tenantId,
    started_at: new Date(s.startedAt),
    user_agent: text(s.userAgent, 1000),
    user_uuid: text(s.userUuid, 64),
    user_browser: text(s.browser, 100),
    user_browser_version: text(s.browserVersion, 100),
    user_os: text(s.os, 100),
    user_os_version: text(s.osVersion, 100),
    user_device: text(s.device, 100),
    user_device_type: text(s.deviceType, 20),
    user_country: text(s.country, 2),
    page_title: text(s.title, INDEXED_TEXT_MAX),
    first_url: text(s.url),
    first_path: s.url ? pathOf(s.url) : null,
    referrer: text(s.referrer) || null,
    timezone: text(s.timezone, 100),
    language: text(s.language, 50),
    screen_width: dimension(s.screen?.width),
    screen_height: dimension(s.screen?.height),
    viewport_width: dimension(s.viewport?.width),
    viewport_height: dimension(s.viewport?.height),
    rev_id: text(s.revId, 200),
    tracker_version: text(s.trackerVersion, 50),
    last_event_at: new Date(s.startedAt),
  };
  const names = Object.keys(columns);
  // Identity and metadata are not overwritten here: they come from the stored events (refreshIdentity).
  const startFacts = names.filter((n) => !['session_id', 'project_id', 'started_at', 'last_event_at'].includes(n));
  const onConflict =
    mode === 'ifMissing'
      ? trusted('on conflict (session_id) do nothing')
      : trusted(`on conflict (session_id) do update set ${startFacts.map((n) => `${n} = excluded.${n}`).join(', ')}, updated_at = now()
         where sessions_sessions.project_id = excluded.project_id`);
  const values = joinSql(
    Object.values(columns).map((value) => sql`${value}`),
    ', ',
  );
  await run(sql`insert into sessions_sessions (${trusted(names.join(', '))}) values (${values}) ${onConflict}`);
}

/** The identity and metadata a session started with, stored as events before the first batch (seq -1). */
export function startIdentityRows(s: IngestSession): EventRow[] {
  const rows: EventRow[] = [];
  const base = { ...EMPTY_EVENT_COLUMNS, seq: -1, ts: new Date(s.startedAt) };
  if (s.userId) rows.push({ ...base, idx: 0, type: 'IDENTIFY', name: 'userId', value: text(s.userId, 256) });
  if (s.userAnonymousId) rows.push({ ...base, idx: 1, type: 'IDENTIFY', name: 'userAnonymousId', value: text(s.userAnonymousId, 256) });
  Object.entries(s.metadata ?? {}).forEach(([key, value], i) => {
    if (typeof value === 'string') rows.push({ ...base, idx: 2 + i, type: 'METADATA', name: text(key, 100), value: text(value, 500) });
  });
  return rows;
}

/** The columns of a stored event, in the order `eventTuple` gives their values. */
export const EVENT_INSERT_COLUMNS = trusted(
  ['project_id', 'session_id', 'seq', 'idx', 'ts', 'type', 'url', 'host', 'path', 'label', 'selector', 'value', 'name', 'method', 'status', 'success', 'duration', ...TIMING_COLUMNS, ...SAMPLE_COLUMNS, 'payload'].join(', '),
);

/** One event row's values for `insert into sessions_events (EVENT_INSERT_COLUMNS) values ...`. */
export function eventTuple(projectId: number, sessionId: string, r: EventRow): SqlFragment {
  const timings = joinSql(
    TIMING_COLUMNS.map((c) => sql`${r.timings[c] ?? null}`),
    ', ',
  );
  const samples = joinSql(
    SAMPLE_COLUMNS.map((c) => sql`${r.samples[c] ?? null}::float8`),
    ', ',
  );
  const payload = r.payload === null ? null : JSON.stringify(r.payload);
  return sql`(${projectId}, ${sessionId}, ${r.seq}, ${r.idx}, ${r.ts}, ${r.type}, ${r.url}, ${r.host}, ${r.path}, ${r.label}, ${r.selector}, ${r.value}, ${r.name}, ${r.method}, ${r.status}, ${r.success}, ${r.duration}, ${timings}, ${samples}, ${payload}::jsonb)`;
}

export async function insertEvents(run: SqlRunner, projectId: number, sessionId: string, rows: readonly EventRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += EVENT_CHUNK) {
    const tuples = rows.slice(start, start + EVENT_CHUNK).map((r) => eventTuple(projectId, sessionId, r));
    await run(sql`insert into sessions_events (${EVENT_INSERT_COLUMNS}) values ${joinSql(tuples, ', ')} on conflict (session_id, seq, idx) do nothing`);
  }
}

/**
 * Page timings arrive after the page visit (LCP settles late): they fill the LOCATION row of
 * the same URL at or before the timing event. Known values are kept when a later update lacks them.
 */
export async function applyTimings(run: SqlRunner, sessionId: string, updates: readonly TimingUpdate[]): Promise<void> {
  for (const u of updates) {
    const sets = joinSql(
      TIMING_COLUMNS.map((c) => sql`${trusted(c)} = coalesce(${u.timings[c] ?? null}, ${trusted(c)})`),
      ', ',
    );
    await run(sql`update sessions_events set ${sets}
       where (session_id, seq, idx) = (
         select session_id, seq, idx from sessions_events
         where session_id = ${sessionId} and type = 'LOCATION' and url = ${u.url}
         order by (seq < ${u.seq} or (seq = ${u.seq} and idx < ${u.idx})) desc, seq desc, idx desc
         limit 1)`);
  }
}

/** User ids and metadata are the latest stored values by (seq, idx): replays and repeats give the same answer. */
export async function refreshIdentity(run: SqlRunner, sessionId: string): Promise<void> {
  const rows = await run<{ type: string; name: string | null; value: string | null }>(sql`select type, name, value from sessions_events where session_id = ${sessionId} and type in ('IDENTIFY', 'METADATA') order by seq, idx`);
  let userId: string | null = null;
  let userAnonymousId: string | null = null;
  const metadata: Record<string, string> = {};
  let keys = 0;
  for (const row of rows) {
    if (row.type === 'IDENTIFY') {
      if (row.name === 'userId') userId = row.value || null;
      else if (row.name === 'userAnonymousId') userAnonymousId = row.value || null;
    } else if (row.name) {
      // Keys beyond the cap are dropped (first come, first kept), values always follow the latest call.
      if (!(row.name in metadata)) {
        if (keys >= MAX_METADATA_KEYS) continue;
        keys += 1;
      }
      metadata[row.name] = row.value ?? '';
    }
  }
  await run(sql`update sessions_sessions set user_id = ${userId}, user_anonymous_id = ${userAnonymousId}, metadata = ${JSON.stringify(metadata)}::jsonb, updated_at = now() where session_id = ${sessionId}`);
}

/**
 * How far before the server granted it a session may start. The tracker records the page load
 * before it asks for a session, and asks again while the server is unavailable, for a few
 * minutes at most; a browser clock off by more must not move a session days back in the list.
 */
export const MAX_START_LEAD_MS = 5 * 60_000;

/**
 * A session starts with the first thing recorded in it: the tracker captures the page load
 * before its start request is answered, so the first batch may hold events from before the
 * granted start. The start moves back to the earliest of them (never forward, and at most
 * `MAX_START_LEAD_MS` before `grantedAt`); the duration follows on the next summary refresh.
 */
export async function moveStartBack(run: SqlRunner, sessionId: string, earliest: number | null, grantedAt: number): Promise<void> {
  if (earliest === null || earliest >= grantedAt) return;
  const at = new Date(Math.max(earliest, grantedAt - MAX_START_LEAD_MS));
  await run(sql`update sessions_sessions set started_at = ${at}, updated_at = now() where session_id = ${sessionId} and started_at > ${at}`);
}

const DURATION_SQL = trusted(`least(${MAX_INT}, greatest(0, floor(extract(epoch from (last_event_at - started_at)) * 1000)))::int`);

/**
 * Counts and performance averages from the stored events; `seenUntil` (epoch ms) moves the
 * last activity forward (never back), and the duration follows it. Issue types and the issue
 * score belong to the issues processor (issues/issues.processor.ts).
 */
export async function refreshSummary(run: SqlRunner, sessionId: string, seenUntil: number | null): Promise<void> {
  const counted = trusted(COUNTED_EVENT_TYPES.map((t) => `'${t}'`).join(', '));
  const [agg] = await run<{
    pages: number;
    events: number;
    errors: number;
    logs: number;
    requests: number;
    cpu: number | null;
    memory: number | null;
  }>(sql`select
       count(*) filter (where type = 'LOCATION')::int as pages,
       count(*) filter (where type in (${counted}))::int as events,
       count(*) filter (where type = 'ERROR')::int as errors,
       count(*) filter (where type = 'CONSOLE')::int as logs,
       count(*) filter (where type = 'FETCH')::int as requests,
       avg(cpu) filter (where type = 'PERFORMANCE') as cpu,
       avg(memory_used) filter (where type = 'PERFORMANCE') as memory
     from sessions_events where session_id = ${sessionId}`);
  await run(sql`update sessions_sessions set
       pages_count = ${agg!.pages}, events_count = ${agg!.events}, errors_count = ${agg!.errors}, console_logs_count = ${agg!.logs}, requests_count = ${agg!.requests},
       avg_cpu = ${agg!.cpu}, avg_memory_used = ${agg!.memory},
       last_event_at = greatest(last_event_at, ${seenUntil === null ? null : new Date(seenUntil)}::timestamptz),
       updated_at = now()
     where session_id = ${sessionId}`);
  await run(sql`update sessions_sessions set duration_ms = coalesce(${DURATION_SQL}, 0) where session_id = ${sessionId}`);
}

/** Moves the last activity (epoch ms) forward, never back; the counts and duration follow at the next `refreshSummary`. */
export async function moveLastActivity(run: SqlRunner, sessionId: string, seenUntil: number | null): Promise<void> {
  if (seenUntil === null) return;
  await run(sql`update sessions_sessions set last_event_at = greatest(last_event_at, ${new Date(seenUntil)}::timestamptz), updated_at = now() where session_id = ${sessionId}`);
}

/**
 * Marks the session ended. Only the call that flips `ended_at` from null gets the row back,
 * so the caller publishes `sessions.ended` once however often the end is repeated.
 */
export async function finishSession(run: SqlRunner, sessionId: string, endedAt: number): Promise<SessionRow | null> {
  const at = new Date(endedAt);
  const rows = await run<SessionRow>(sql`update sessions_sessions set
       last_event_at = greatest(last_event_at, ${at}::timestamptz),
       ended_at = greatest(started_at, ${at}::timestamptz),
       duration_ms = coalesce(least(${trusted(String(MAX_INT))}, greatest(0, floor(extract(epoch from (greatest(last_event_at, ${at}::timestamptz) - started_at)) * 1000)))::int, 0),
       updated_at = now()
     where session_id = ${sessionId} and ended_at is null
     returning session_id, project_id, tenant_id, started_at, duration_ms, user_id, pages_count, events_count, errors_count, issue_types, ended_at`);
  return rows[0] ?? null;
}

/**
 * The ended session whose `sessions.ended` has not gone out yet: just ended by this call, or
 * ended by an earlier call that crashed before publishing. Null once published.
 */
export async function unpublishedEnd(run: SqlRunner, sessionId: string): Promise<SessionRow | null> {
  const rows = await run<SessionRow>(sql`select session_id, project_id, tenant_id, started_at, duration_ms, user_id, pages_count, events_count, errors_count, issue_types, ended_at
       from sessions_sessions where session_id = ${sessionId} and ended_at is not null and end_event_published_at is null`);
  return rows[0] ?? null;
}

export async function markEndPublished(run: SqlRunner, sessionId: string): Promise<void> {
  await run(sql`update sessions_sessions set end_event_published_at = now() where session_id = ${sessionId}`);
}
