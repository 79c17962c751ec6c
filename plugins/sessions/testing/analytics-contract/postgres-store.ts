// The analytics contract's store on PostgreSQL (PGlite by default, a real server when
// CASSETTE_TEST_DATABASE_URL is set): the sessions plugin on a test kernel, a project written
// into its tables the way ingest's processors write them (events and issues through the
// plugin's own writers, the issue types from the stored issues as the issue processor does).
import { coreServices, joinSql, sql, type SqlRunner } from '@cassette/plugin-sdk/server';
import { sessionsServices } from '../../api.js';
import { EMPTY_EVENT_COLUMNS, type EventRow } from '../../server/event-rows.js';
import { insertIssues, refreshIssueSummary } from '../../server/issues/issue-store.js';
import { insertEvents } from '../../server/session-writer.js';
import { createSessionsTestKernel } from '../ingest-stand-in.js';
import type { AnalyticsStore, ProjectEvent, ProjectSession } from './analytics-project.js';

const SITE = 'https://shop.example.test';
const SESSION_CHUNK = 200;

function eventRow(e: ProjectEvent, startedAt: number, idx: number): EventRow {
  const base = { ...EMPTY_EVENT_COLUMNS, seq: 0, idx, ts: new Date(startedAt + e.at) };
  if (e.kind === 'page') return { ...base, type: 'LOCATION', url: `${SITE}${e.path}`, host: 'shop.example.test', path: e.path, label: e.path };
  return { ...base, type: 'CLICK', label: e.label, selector: 'button' };
}

async function insertSessions(run: SqlRunner, projectId: number, tenantId: number, sessions: readonly ProjectSession[]): Promise<void> {
  for (let start = 0; start < sessions.length; start += SESSION_CHUNK) {
    const rows = sessions.slice(start, start + SESSION_CHUNK).map(
      (s) =>
        sql`(${s.sessionId}, ${projectId}, ${tenantId}, ${new Date(s.startedAt)}, ${s.durationMs}, ${s.userId}, ${s.userUuid}, ${s.browser}, ${s.os}, ${s.deviceType}, ${s.country},
          ${s.events.filter((e) => e.kind === 'page').length}, ${s.events.length}, ${JSON.stringify(s.metadata)}::jsonb, ${new Date(s.startedAt + s.durationMs)})`,
    );
    await run(sql`insert into sessions_sessions (session_id, project_id, tenant_id, started_at, duration_ms, user_id, user_uuid, user_browser, user_os, user_device_type, user_country,
        pages_count, events_count, metadata, last_event_at) values ${joinSql(rows, ', ')}`);
  }
}

async function storeProject(run: SqlRunner, projectId: number, tenantId: number, sessions: readonly ProjectSession[]): Promise<void> {
  await insertSessions(run, projectId, tenantId, sessions);
  for (const s of sessions) {
    if (s.events.length) await insertEvents(run, projectId, s.sessionId, s.events.map((e, i) => eventRow(e, s.startedAt, i)));
    if (s.issues.length) {
      // Raised by the event at the same moment, as the detectors tie each issue to one: ids stay distinct for repeats.
      const issues = s.issues.map((issue, i) => ({ type: issue.type, contextString: issue.contextString, timestamp: s.startedAt + issue.at, seq: 1, idx: i, payload: {} }));
      await insertIssues(run, projectId, s.sessionId, issues);
      await refreshIssueSummary(run, s.sessionId);
    }
  }
}

export async function postgresAnalyticsStore(): Promise<AnalyticsStore> {
  const t = await createSessionsTestKernel();
  const run = t.kernel.resolve(coreServices.database).sql;
  return {
    service: t.kernel.resolve(sessionsServices.analytics),
    load: async (sessions) => {
      const { projectId, tenantId } = await t.createTenant();
      await storeProject(run, projectId, tenantId, sessions);
      return projectId;
    },
    close: () => t.close(),
  };
}
