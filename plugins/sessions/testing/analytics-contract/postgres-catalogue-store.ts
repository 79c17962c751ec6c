// The catalogue contract's loader on PostgreSQL and PGlite: a catalogue project stored as the
// sessions plugin stores recorded sessions (the contract's sessions and issues by the common
// loader, then the widgets' events as the event rows of server/event-rows.ts make them).
import { coreServices, joinSql, sql, trusted, type SqlRunner } from '@cassette/plugin-sdk/server';
import { sessionsServices } from '../../api.js';
import { eventRows, type EventRow } from '../../server/event-rows.js';
import { EVENT_INSERT_COLUMNS, eventTuple } from '../../server/session-writer.js';
import type { TrackerEvent } from '@cassette/plugin-ingest/api';
import { createSessionsTestKernel } from '../ingest-stand-in.js';
import type { CatalogueEvent, CatalogueProject, CatalogueUnderTest } from './catalogue-project.js';
import { storeContractProject } from './postgres-project-store.js';

const ROWS_PER_STATEMENT = 400;

/** The tracker event a catalogue event was recorded as. */
function trackerEvent(e: CatalogueEvent): TrackerEvent[] {
  switch (e.kind) {
    case 'page':
      return [
        { type: 'page', ts: e.ts, url: `https://shop.example.test${e.path}`, referrer: '', title: e.path },
        { type: 'page_timing', ts: e.ts, url: `https://shop.example.test${e.path}`, timings: e.timings },
      ] as TrackerEvent[];
    case 'request':
      return [{ type: 'request', ts: e.ts, url: e.url, method: e.method, status: e.status, duration: e.duration, kind: 'fetch' }] as unknown as TrackerEvent[];
    case 'resource':
      return [{ type: 'resource', ts: e.ts, url: e.url, initiator: e.initiator, duration: e.duration, ...(e.status === null ? {} : { status: e.status }), failed: e.failed }] as TrackerEvent[];
    case 'sample':
      return [{ type: 'performance', ts: e.ts, cpu: e.cpu, ...(e.memoryUsed === null ? {} : { memoryUsed: e.memoryUsed }), ...(e.fps === null ? {} : { fps: e.fps }) }] as TrackerEvent[];
    case 'error':
      return [{ type: 'error', ts: e.ts, name: e.name, message: e.message, source: 'js_exception' }] as unknown as TrackerEvent[];
  }
}

async function storeCatalogueEvents(run: SqlRunner, projectId: number, project: CatalogueProject): Promise<void> {
  const rows: { sessionId: string; row: EventRow }[] = [];
  const bySession = new Map<string, CatalogueEvent[]>();
  for (const e of project.catalogueEvents) bySession.set(e.sessionId, [...(bySession.get(e.sessionId) ?? []), e]);
  for (const [sessionId, events] of bySession) {
    // One batch per session: the mapping fills each page's timings into its LOCATION row.
    const { rows: made, timings } = eventRows(0, events.flatMap(trackerEvent), 0);
    for (const update of timings) {
      const page = [...made].reverse().find((r) => r.type === 'LOCATION' && r.url === update.url && r.idx < update.idx);
      if (page) page.timings = update.timings;
    }
    for (const row of made) rows.push({ sessionId, row });
  }
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const values = rows.slice(i, i + ROWS_PER_STATEMENT).map(({ sessionId, row }) => eventTuple(projectId, sessionId, row));
    await run(sql`insert into sessions_events (${EVENT_INSERT_COLUMNS}) values ${joinSql(values, ', ')}`);
  }
  for (const s of project.sessions) {
    const pages = (bySession.get(s.sessionId) ?? []).filter((e) => e.kind === 'page').length;
    await run(sql`update sessions_sessions set pages_count = ${pages}, first_url = ${s.firstUrl}, user_browser_version = ${s.browserVersion} where session_id = ${s.sessionId}`);
  }
}

/** The PostgreSQL implementation under the catalogue contract: PGlite, or a server when CASSETTE_TEST_DATABASE_URL is set. */
export async function postgresCatalogueUnderTest(): Promise<CatalogueUnderTest> {
  const t = await createSessionsTestKernel();
  const run = t.kernel.resolve(coreServices.database).sql;
  return {
    service: t.kernel.resolve(sessionsServices.analytics),
    async load(project) {
      const { projectId, tenantId } = await t.createTenant('Catalogue contract');
      await storeContractProject(run, projectId, tenantId, project);
      await storeCatalogueEvents(run, projectId, project);
      return projectId;
    },
    close: () => t.close(),
  };
}
