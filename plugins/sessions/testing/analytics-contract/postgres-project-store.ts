// The analytics contract's one loader on PostgreSQL and PGlite: contract projects as the sessions
// plugin stores recorded sessions, rows of sessions_sessions, sessions_events and sessions_issues
// (the session's counts, issue types and issue score as ingest's processors leave them), in real
// projects of a test kernel (the retention job keeps only sessions of projects that exist).
// Both suites (funnels and series) run on it.
import { coreServices, joinSql, sql, type SqlFragment, type SqlRunner } from '@cassette/plugin-sdk/server';
import type { TestKernel } from '@cassette/plugin-sdk/testing';
import { sessionsServices } from '../../api.js';
import { COUNTED_EVENT_TYPES } from '../../server/event-rows.js';
import { issueScore } from '../../server/issues/thresholds.js';
import { createSessionsTestKernel } from '../ingest-stand-in.js';
import { CONTRACT_SITE_ORIGIN, type AnalyticsUnderTest, type ContractEvent, type ContractProject } from './contract-project.js';

/** Rows per insert: well under PostgreSQL's 65,535 parameters. */
const ROWS_PER_STATEMENT = 500;

async function insertRows<T>(run: SqlRunner, rows: readonly T[], head: SqlFragment, row: (item: T) => SqlFragment): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    await run(sql`${head} values ${joinSql(rows.slice(i, i + ROWS_PER_STATEMENT).map(row), ', ')}`);
  }
}

/** The typed columns the session search reads for each kind (server/event-rows.ts). */
function eventColumns(e: ContractEvent): { url: string | null; host: string | null; path: string | null; label: string | null; name: string | null; method: string | null; status: number | null } {
  const none = { url: null, host: null, path: null, label: null, name: null, method: null, status: null };
  switch (e.type) {
    case 'LOCATION':
      // The page's title is its label; the contract's pages are titled by their path.
      return { ...none, url: `${CONTRACT_SITE_ORIGIN}${e.value}`, host: new URL(CONTRACT_SITE_ORIGIN).host, path: e.value, label: e.value };
    case 'FETCH':
      return { ...none, url: `${CONTRACT_SITE_ORIGIN}${e.value}`, host: new URL(CONTRACT_SITE_ORIGIN).host, path: e.value, method: 'GET', status: 200 };
    case 'CLICK':
    case 'INPUT':
      return { ...none, label: e.value };
    case 'CUSTOM':
      return { ...none, name: e.value };
  }
}

export async function storeContractProject(run: SqlRunner, projectId: number, tenantId: number, project: ContractProject): Promise<void> {
  const date = (ms: number) => new Date(ms);
  const bySession = <T extends { sessionId: string }>(rows: readonly T[]) => {
    const map = new Map<string, T[]>();
    for (const row of rows) map.set(row.sessionId, [...(map.get(row.sessionId) ?? []), row]);
    return map;
  };
  const eventsOf = bySession(project.events);
  const issuesOf = bySession(project.issues);
  await insertRows(
    run,
    project.sessions,
    sql`insert into sessions_sessions (session_id, project_id, tenant_id, started_at, duration_ms, user_id, user_uuid, user_browser, user_os, user_device_type, user_country,
      pages_count, events_count, metadata, last_event_at, ended_at, issue_types, issue_score)`,
    (s) => {
      const issues = issuesOf.get(s.sessionId) ?? [];
      const perType = new Map<string, number>();
      for (const i of issues) perType.set(i.type, (perType.get(i.type) ?? 0) + 1);
      const issueTypes = [...perType.keys()].sort();
      const events = eventsOf.get(s.sessionId) ?? [];
      const pages = events.filter((e) => e.type === 'LOCATION').length;
      const counted = events.filter((e) => (COUNTED_EVENT_TYPES as string[]).includes(e.type)).length;
      const end = date(s.startedAt + s.durationMs);
      return sql`(${s.sessionId}, ${projectId}, ${tenantId}, ${date(s.startedAt)}, ${s.durationMs}, ${s.userId}, ${s.userUuid}, ${s.browser}, ${s.os}, ${s.deviceType}, ${s.country},
        ${pages}, ${counted}, ${JSON.stringify(s.metadata)}::jsonb, ${end}, ${end}, ${JSON.stringify(issueTypes)}::jsonb, ${issueScore(Object.fromEntries(perType))})`;
    },
  );
  await insertRows(run, project.events, sql`insert into sessions_events (project_id, session_id, seq, idx, ts, type, url, host, path, label, name, method, status, success)`, (e) => {
    const c = eventColumns(e);
    return sql`(${projectId}, ${e.sessionId}, ${e.seq}, ${e.idx}, ${date(e.ts)}, ${e.type}, ${c.url}, ${c.host}, ${c.path}, ${c.label}, ${c.name}, ${c.method}, ${c.status}, ${c.status === null ? null : true})`;
  });
  await insertRows(run, project.issues, sql`insert into sessions_issues (project_id, session_id, issue_id, type, context_string, ts, seq, idx)`, (i) => {
    return sql`(${projectId}, ${i.sessionId}, ${`${i.type}:${i.seq}:${i.idx}`}, ${i.type}, ${i.contextString}, ${date(i.ts)}, ${i.seq}, ${i.idx})`;
  });
}

export async function deleteContractProject(run: SqlRunner, projectId: number): Promise<void> {
  for (const table of [sql`sessions_issues`, sql`sessions_events`, sql`sessions_sessions`]) await run(sql`delete from ${table} where project_id = ${projectId}`);
}

/** Loads contract projects into projects of `t` (a tenant each, made when no emptied one is free to reuse). */
export function postgresProjectStore(t: TestKernel): { load(project: ContractProject): Promise<number>; unload(projectId: number): Promise<void> } {
  const run = t.kernel.resolve(coreServices.database).sql;
  const free: { projectId: number; tenantId: number }[] = [];
  const tenants = new Map<number, number>();
  return {
    async load(project) {
      const place = free.pop() ?? (await t.createTenant('Funnel contract'));
      tenants.set(place.projectId, place.tenantId);
      await storeContractProject(run, place.projectId, place.tenantId, project);
      return place.projectId;
    },
    async unload(projectId) {
      await deleteContractProject(run, projectId);
      free.push({ projectId, tenantId: tenants.get(projectId)! });
    },
  };
}

/** The PostgreSQL implementation under both contract suites: PGlite, or a server when CASSETTE_TEST_DATABASE_URL is set (the test kernel switches). */
export async function postgresAnalyticsUnderTest(): Promise<AnalyticsUnderTest> {
  const t = await createSessionsTestKernel();
  const store = postgresProjectStore(t);
  return { service: t.kernel.resolve(sessionsServices.analytics), load: store.load, unload: store.unload, close: () => t.close() };
}
