import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestKernel } from '@cassette/core/testing';
import { coreServices, sql, trusted, type DatabaseService, type SqlFragment } from '@cassette/plugin-sdk/server';
import ingestPlugin from '@cassette/plugin-ingest/server';
import sessionsPlugin from '@cassette/plugin-sessions/server';
import type { IssueType } from '@cassette/plugin-sessions/api';
import { issueScore } from '../../../plugins/sessions/server/issues/thresholds.js';
import { benchUserId, generateSessions, type GenerationResult } from './index.js';

const SESSIONS = 1500;
const NOW = Date.UTC(2026, 10, 20, 15, 30, 0);
const DAY_MS = 86_400_000;

describe('the benchmark data generator', () => {
  let t: TestKernel;
  let db: DatabaseService;
  let projectId: number;
  let twinProjectId: number;
  let result: GenerationResult;
  let indexesBefore: string[];

  const indexNames = async () =>
    (await db.sql<{ name: string }>(sql`select indexname as name from pg_indexes where tablename in ('sessions_sessions', 'sessions_events', 'sessions_issues') order by 1`)).map((r) => r.name);
  const one = async <T>(query: SqlFragment): Promise<T> => (await db.sql<T>(query))[0]!;
  const num = async (query: SqlFragment): Promise<number> => Number((await one<{ n: unknown }>(query)).n);

  beforeAll(async () => {
    t = await createTestKernel({ plugins: [ingestPlugin, sessionsPlugin] });
    db = t.kernel.resolve(coreServices.database);
    const first = await t.createTenant();
    const twin = await t.createTenant();
    projectId = first.projectId;
    twinProjectId = twin.projectId;
    indexesBefore = await indexNames();
    // Small chunks, so the chunk boundaries are crossed several times.
    result = await generateSessions(db.sql, { projectId, tenantId: first.tenantId, sessions: SESSIONS, seed: 7, now: NOW, chunkSize: 400 });
    await generateSessions(db.sql, { projectId: twinProjectId, tenantId: twin.tenantId, sessions: SESSIONS, seed: 7, now: NOW, chunkSize: 700, deferIndexes: true });
  });
  afterAll(async () => t?.close());

  it('adds the sessions asked for, with 10 to 20 events each on average, within the window', async () => {
    expect(result.sessions).toBe(SESSIONS);
    expect(await num(sql`select count(*) as n from sessions_sessions where project_id = ${projectId}`)).toBe(SESSIONS);
    expect(await num(sql`select count(*) as n from sessions_events where project_id = ${projectId}`)).toBe(result.events);
    expect(await num(sql`select count(*) as n from sessions_issues where project_id = ${projectId}`)).toBe(result.issues);
    expect(result.events / SESSIONS).toBeGreaterThan(10);
    expect(result.events / SESSIONS).toBeLessThan(20);
    const span = await one<{ first: Date; last: Date; lastEvent: Date }>(sql`select min(started_at) as first, max(started_at) as last, max(last_event_at) as "lastEvent" from sessions_sessions where project_id = ${projectId}`);
    expect(new Date(span.first).getTime()).toBeGreaterThanOrEqual(result.window.from);
    expect(new Date(span.first).getTime()).toBeLessThan(result.window.from + DAY_MS);
    expect(new Date(span.lastEvent).getTime()).toBeLessThanOrEqual(NOW);
    expect(new Date(span.last).getTime()).toBeGreaterThan(NOW - DAY_MS);
  });

  it('stores ids the way ingest does: 19 digits that sort by start time', async () => {
    const rows = await db.sql<{ session_id: string; started_at: Date }>(sql`select session_id, started_at from sessions_sessions where project_id = ${projectId} order by session_id`);
    expect(rows.every((r) => /^[0-9]{19}$/.test(r.session_id) && r.session_id.startsWith(String(new Date(r.started_at).getTime())))).toBe(true);
  });

  it('keeps every event and issue attached to a session of the project', async () => {
    expect(await num(sql`select count(*) as n from sessions_events e where e.project_id = ${projectId} and not exists (select 1 from sessions_sessions s where s.session_id = e.session_id and s.project_id = e.project_id)`)).toBe(0);
    expect(
      await num(sql`select count(*) as n from sessions_issues i where i.project_id = ${projectId}
         and not exists (select 1 from sessions_events e where e.session_id = i.session_id and e.seq = i.seq and e.idx = i.idx and e.ts = i.ts)`),
    ).toBe(0);
    expect(await num(sql`select count(*) as n from sessions_issues where project_id = ${projectId} and issue_id <> type || ':' || seq || ':' || idx`)).toBe(0);
  });

  it('gives each session the counts, duration and averages of its stored events', async () => {
    const mismatches = await num(sql`select count(*) as n from sessions_sessions s join (
         select session_id,
           count(*) filter (where type = 'LOCATION') as pages,
           count(*) filter (where type in ('LOCATION', 'CLICK', 'INPUT', 'CUSTOM')) as events,
           count(*) filter (where type = 'ERROR') as errors,
           count(*) filter (where type = 'FETCH') as requests,
           count(*) filter (where type = 'CONSOLE') as logs,
           avg((payload->>'cpu')::float8) filter (where type = 'PERFORMANCE') as cpu,
           max(ts) as last_ts
         from sessions_events where project_id = ${projectId} group by session_id) a using (session_id)
       where s.pages_count <> a.pages or s.events_count <> a.events or s.errors_count <> a.errors or s.requests_count <> a.requests
         or s.console_logs_count <> a.logs or abs(s.avg_cpu - a.cpu) > 0.01 or s.last_event_at <> a.last_ts
         or s.duration_ms <> floor(extract(epoch from (a.last_ts - s.started_at)) * 1000)`);
    expect(mismatches).toBe(0);
  });

  it('keeps user ids and metadata equal to the identity and metadata events', async () => {
    const rows = await db.sql<{ session_id: string; user_id: string | null; user_anonymous_id: string | null; metadata: Record<string, string>; type: string | null; name: string | null; value: string | null }>(sql`select s.session_id, s.user_id, s.user_anonymous_id, s.metadata, e.type, e.name, e.value
       from sessions_sessions s left join sessions_events e on e.session_id = s.session_id and e.type in ('IDENTIFY', 'METADATA')
       where s.project_id = ${projectId} order by s.session_id, e.seq, e.idx`);
    const seen = new Map<string, { userId: string | null; anonymousId: string | null; metadata: Record<string, string>; stored: (typeof rows)[number] }>();
    for (const row of rows) {
      const entry = seen.get(row.session_id) ?? { userId: null, anonymousId: null, metadata: {}, stored: row };
      if (row.type === 'IDENTIFY' && row.name === 'userId') entry.userId = row.value;
      if (row.type === 'IDENTIFY' && row.name === 'userAnonymousId') entry.anonymousId = row.value;
      if (row.type === 'METADATA') entry.metadata[row.name!] = row.value!;
      seen.set(row.session_id, entry);
    }
    for (const entry of seen.values()) {
      expect({ userId: entry.stored.user_id, anonymousId: entry.stored.user_anonymous_id, metadata: entry.stored.metadata }).toEqual({
        userId: entry.userId,
        anonymousId: entry.anonymousId,
        metadata: entry.metadata,
      });
    }
  });

  it('gives each session the issue types and score of its stored issues', async () => {
    const rows = await db.sql<{ issue_types: string[]; issue_score: number; counts: Record<string, number> | null }>(sql`select s.issue_types, s.issue_score, (select jsonb_object_agg(type, n) from (select type, count(*) as n from sessions_issues i where i.session_id = s.session_id group by type) c) as counts
       from sessions_sessions s where s.project_id = ${projectId}`);
    for (const row of rows) {
      const counts = row.counts ?? {};
      expect(row.issue_types).toEqual(Object.keys(counts).sort());
      expect(row.issue_score).toBe(issueScore(counts as Partial<Record<IssueType, number>>));
    }
  });

  it('draws gear, places and users with the designed skew', async () => {
    const share = async (column: string, value: string) =>
      num(sql`select (count(*) filter (where ${trusted(column)} = ${value}))::float8 / count(*) as n from sessions_sessions where project_id = ${projectId}`);
    expect(await share('user_browser', 'Chrome')).toBeGreaterThan(0.58);
    expect(await share('user_browser', 'Chrome')).toBeLessThan(0.72);
    const browsers = await db.sql<{ b: string }>(sql`select user_browser as b from sessions_sessions where project_id = ${projectId} group by 1 order by count(*) desc, 1`);
    expect(browsers.map((r) => r.b).slice(0, 2)).toEqual(['Chrome', 'Mobile Safari']);
    const countries = await db.sql<{ c: string }>(sql`select user_country as c from sessions_sessions where project_id = ${projectId} group by 1 order by count(*) desc, 1 limit 1`);
    expect(countries[0]!.c).toBe('US');
    expect(await share('user_device_type', 'desktop')).toBeGreaterThan(await share('user_device_type', 'mobile'));
    expect(await share('user_device_type', 'mobile')).toBeGreaterThan(await share('user_device_type', 'tablet'));

    // Few users with many sessions, most with one or two; the most active one is benchUserId(0).
    const perUser = await db.sql<{ user_id: string; n: number }>(sql`select user_id, count(*)::int as n from sessions_sessions where project_id = ${projectId} and user_id is not null group by 1 order by 2 desc, 1`);
    expect(perUser[0]!.user_id).toBe(benchUserId(0));
    expect(perUser[0]!.n).toBeGreaterThanOrEqual(10);
    expect(perUser[Math.floor(perUser.length / 2)]!.n).toBeLessThanOrEqual(2);
    expect(await num(sql`select count(*) as n from sessions_sessions where project_id = ${projectId} and user_id is null and user_anonymous_id is null`)).toBeGreaterThan(0);
  });

  it('makes pages per session geometric and durations long-tailed', async () => {
    const pages = await db.sql<{ pages: number; n: number }>(sql`select pages_count as pages, count(*)::int as n from sessions_sessions where project_id = ${projectId} group by 1`);
    const count = (p: number) => pages.find((r) => r.pages === p)?.n ?? 0;
    expect(count(1)).toBeGreaterThan(count(4));
    expect(count(4)).toBeGreaterThan(count(10));
    expect(Math.max(...pages.map((r) => r.pages))).toBeLessThanOrEqual(30);
    const d = await one<{ median: number; mean: number }>(sql`select percentile_cont(0.5) within group (order by duration_ms) as median, avg(duration_ms) as mean from sessions_sessions where project_id = ${projectId}`);
    expect(Number(d.mean)).toBeGreaterThan(Number(d.median) * 1.2);
  });

  it('makes requests mostly succeed, and common issues common and crashes rare', async () => {
    const statuses = await one<{ ok: number; bad: number }>(sql`select (count(*) filter (where status = 200))::float8 / count(*) as ok, (count(*) filter (where status >= 400))::float8 / count(*) as bad
       from sessions_events where project_id = ${projectId} and type = 'FETCH'`);
    expect(Number(statuses.ok)).toBeGreaterThan(0.8);
    expect(Number(statuses.bad)).toBeGreaterThan(0.005);
    expect(Number(statuses.bad)).toBeLessThan(0.06);
    const sessionsWith = async (type: string) => num(sql`select count(distinct session_id) as n from sessions_issues where project_id = ${projectId} and type = ${type}`);
    const crash = await sessionsWith('crash');
    for (const common of ['click_rage', 'bad_request', 'js_exception']) expect(await sessionsWith(common)).toBeGreaterThan(Math.max(crash * 3, SESSIONS * 0.02));
    expect(crash / SESSIONS).toBeLessThan(0.01);
    expect(await num(sql`select count(distinct value) as n from sessions_events where project_id = ${projectId} and type = 'ERROR'`)).toBeLessThanOrEqual(8);
    // Every crash ends its session with the error.
    expect(
      await num(sql`select count(*) as n from sessions_issues i join sessions_sessions s using (session_id) where i.project_id = ${projectId} and i.type = 'crash' and i.ts <> s.last_event_at`),
    ).toBe(0);
  });

  it('lays out the purchase funnel: Add to cart on a product page, then the cart request, Buy Now only on /checkout', async () => {
    const addToCart = await num(sql`select count(*) as n from sessions_events c where c.project_id = ${projectId} and c.type = 'CLICK' and c.label = 'Add to cart' and c.idx = 2
         and exists (select 1 from sessions_events l where l.session_id = c.session_id and l.seq = c.seq and l.type = 'LOCATION' and l.path like '/products/%')
         and exists (select 1 from sessions_events f where f.session_id = c.session_id and f.seq = c.seq and f.idx = 3 and f.type = 'FETCH' and f.method = 'POST' and f.path = '/api/cart')`);
    expect(addToCart).toBeGreaterThan(SESSIONS * 0.1);
    expect(
      await num(sql`select count(*) as n from sessions_events c where c.project_id = ${projectId} and c.type = 'CLICK' and c.label = 'Buy Now'
         and not exists (select 1 from sessions_events l where l.session_id = c.session_id and l.seq = c.seq and l.type = 'LOCATION' and l.path = '/checkout')`),
    ).toBe(0);
    expect(await num(sql`select count(*) as n from sessions_events where project_id = ${projectId} and type = 'CLICK' and label = 'Buy Now'`)).toBeGreaterThan(SESSIONS * 0.02);
  });

  it('gives the same data for the same seed, and puts deferred indexes back', async () => {
    const fingerprint = async (project: number) =>
      db.sql(sql`select started_at, duration_ms, user_id, user_browser, user_country, pages_count, events_count, issue_types, metadata
         from sessions_sessions where project_id = ${project} order by started_at, session_id`);
    expect(await fingerprint(twinProjectId)).toEqual(await fingerprint(projectId));
    expect(await indexNames()).toEqual(indexesBefore);
  });
});
