import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DecodedBatch, IngestProcessor, IngestSession, SessionEnd, TrackerEvent } from '@cassette/plugin-ingest/api';
import { sql } from '@cassette/plugin-sdk/server';
import { createSessionsTestKernel, decodedBatch, ingestSession, sessionDeletionOf, type SessionsTestKernel } from '../../testing/ingest-stand-in.js';
import { coreServices } from '@cassette/plugin-sdk/server';
import { loadSessionDetail } from '../session-detail.js';
import { listSessionIssues } from './session-issues.js';
import { ISSUE_TYPE_INFO } from './thresholds.js';

const T0 = Date.UTC(2026, 10, 20, 10, 0, 0);
type Row = Record<string, any>;

const click = (at: number, selector: string, tag = 'button'): TrackerEvent => ({ type: 'click', ts: T0 + at, selector, label: selector, tag });
const mutation = (at: number) => ({ type: 3, timestamp: T0 + at, data: { source: 0, adds: [], removes: [], texts: [], attributes: [] } });

describe('issues processor', () => {
  let t: SessionsTestKernel;
  let projectId: number;
  let tenantId: number;
  let summary: IngestProcessor;
  let issues: IngestProcessor;

  beforeAll(async () => {
    t = await createSessionsTestKernel();
    ({ projectId, tenantId } = await t.createTenant());
    summary = t.state.processors.find((p) => p.id === 'sessions.summary')!;
    issues = t.state.processors.find((p) => p.id === 'sessions.issues')!;
  });
  afterAll(async () => t?.close());

  // The way ingest calls them: every processor in order, step by step.
  const start = async (s: IngestSession) => summary.sessionStarted!(s, t.ctx);
  const feed = async (s: IngestSession, b: DecodedBatch) => {
    await summary.batch!(s, b, t.ctx);
    await issues.batch!(s, b, t.ctx);
  };
  const end = async (s: IngestSession, e: SessionEnd) => {
    await summary.sessionEnded!(s, e, t.ctx);
    await issues.sessionEnded!(s, e, t.ctx);
  };
  const stored = (id: string) => t.ctx.sql<Row>(sql`select * from sessions_issues where session_id = ${id} order by ts, issue_id`);
  const session = async (id: string) => (await t.ctx.sql<Row>(sql`select issue_types, issue_score from sessions_sessions where session_id = ${id}`))[0]!;

  it('runs after the session summary', () => {
    expect(issues.order).toBeGreaterThan(summary.order!);
  });

  it('stores the issues of a batch once, however often the batch is replayed, and keeps the summary columns', async () => {
    const s = ingestSession(projectId, tenantId);
    await start(s);
    const b0 = decodedBatch(s, 0, [
      { type: 'page', ts: T0 + 10, url: 'https://shop.example.test/', referrer: '', title: 'Home' },
      { type: 'error', ts: T0 + 500, source: 'js_exception', name: 'TypeError', message: 'x is undefined' },
      { type: 'request', ts: T0 + 600, kind: 'fetch', url: 'https://api.example.test/cart', method: 'POST', status: 500, duration: 40 },
      { type: 'issue', ts: T0 + 700, issueType: 'payment_declined', payload: { code: 51 } },
    ]);
    await feed(s, b0);
    await feed(s, b0);
    const rows = await stored(s.sessionId);
    expect(rows.map((r) => [r.issue_id, r.type, r.context_string])).toEqual([
      ['js_exception:0:1', 'js_exception', 'TypeError: x is undefined'],
      ['bad_request:0:2', 'bad_request', 'POST https://api.example.test/cart 500'],
      ['custom:0:3', 'custom', 'payment_declined'],
    ]);
    expect(rows[0]).toMatchObject({ project_id: projectId, seq: 0, idx: 1 });
    expect(new Date(rows[0]!.ts).getTime()).toBe(T0 + 500);
    expect(rows[2]!.payload).toEqual({ name: 'payment_declined', payload: { code: 51 } });
    const weights = ISSUE_TYPE_INFO.js_exception.weight + ISSUE_TYPE_INFO.bad_request.weight + ISSUE_TYPE_INFO.custom.weight;
    expect(await session(s.sessionId)).toEqual({ issue_types: ['bad_request', 'custom', 'js_exception'], issue_score: weights });

    // A later batch adds to them; the first one replayed after it changes nothing.
    await feed(s, decodedBatch(s, 1, [{ type: 'resource', ts: T0 + 2000, url: 'https://cdn.example.test/a.png', initiator: 'img', duration: 0, failed: true }]));
    await feed(s, b0);
    expect((await stored(s.sessionId)).map((r) => r.type)).toEqual(['js_exception', 'bad_request', 'custom', 'missing_resource']);
    expect((await session(s.sessionId)).issue_types).toEqual(['bad_request', 'custom', 'js_exception', 'missing_resource']);
    const [state] = await t.ctx.sql<Row>(sql`select last_seq, finished_at from sessions_issue_state where session_id = ${s.sessionId}`);
    expect(state).toEqual({ last_seq: 1, finished_at: null });
  });

  it('carries a rage burst and a waiting click from one batch to the next', async () => {
    const s = ingestSession(projectId, tenantId);
    await start(s);
    await feed(s, decodedBatch(s, 0, [click(0, 'button#pay'), click(150, 'button#pay')], { recording: [mutation(100)] }));
    expect(await stored(s.sessionId)).toEqual([]);
    // The third click comes in the next batch; the click on the tile waits for batch 2 to be judged.
    await feed(s, decodedBatch(s, 1, [click(250, 'button#pay'), click(2000, 'div.tile', 'div')], { recording: [mutation(300)] }));
    expect((await stored(s.sessionId)).map((r) => r.issue_id)).toEqual(['click_rage:0:0']);
    await feed(s, decodedBatch(s, 2, [click(6000, 'button#ok')], { recording: [mutation(6100), mutation(9000)] }));
    const rows = await stored(s.sessionId);
    expect(rows.map((r) => [r.issue_id, r.payload])).toEqual([
      ['click_rage:0:0', { count: 3, selector: 'button#pay', label: 'button#pay' }],
      ['dead_click:1:1', { count: 1, selector: 'div.tile', label: 'div.tile' }],
    ]);
    expect((await session(s.sessionId)).issue_types).toEqual(['click_rage', 'dead_click']);
  });

  it('judges the end once: crashes, clicks still waiting, and the summary columns', async () => {
    const s = ingestSession(projectId, tenantId);
    await start(s);
    await feed(s, decodedBatch(s, 0, [
      { type: 'page', ts: T0 + 10, url: 'https://shop.example.test/', referrer: '', title: 'Home' },
      click(500, 'div.menu', 'div'),
      { type: 'error', ts: T0 + 1000, source: 'unhandled_rejection', name: 'Error', message: 'gone' },
    ]));
    expect((await session(s.sessionId)).issue_types).toEqual(['js_exception']);
    const e: SessionEnd = { endedAt: T0 + 3000, batches: 1, reason: 'final' };
    await end(s, e);
    await end(s, e);
    expect((await stored(s.sessionId)).map((r) => r.issue_id)).toEqual(['dead_click:0:1', 'crash:0:2', 'js_exception:0:2']);
    expect(await session(s.sessionId)).toEqual({
      issue_types: ['crash', 'dead_click', 'js_exception'],
      issue_score: ISSUE_TYPE_INFO.crash.weight + ISSUE_TYPE_INFO.dead_click.weight + ISSUE_TYPE_INFO.js_exception.weight,
    });
    // The session's crashes are its crash issues.
    const detail = await loadSessionDetail(t.ctx.sql, t.kernel.resolve(coreServices.projects), { projectId, sessionId: s.sessionId, viewerId: 0, devtools: false });
    expect(detail.crashes.map((c) => [c.issueId, c.contextString])).toEqual([['crash:0:2', 'Error: gone']]);
    // Nothing is processed for an ended session.
    await issues.batch!(s, decodedBatch(s, 1, [{ type: 'error', ts: T0 + 4000, source: 'js_exception', name: 'Error', message: 'late' }]), t.ctx);
    expect(await stored(s.sessionId)).toHaveLength(3);
  });

  it('lists the issues for the API and deletes them with the session', async () => {
    const s = ingestSession(projectId, tenantId);
    await start(s);
    await feed(s, decodedBatch(s, 3, [
      { type: 'console', ts: T0, level: 'log', value: 'x' },
      { type: 'issue', ts: T0 + 1500, issueType: 'quota' },
    ]));
    expect(await listSessionIssues(t.ctx.sql, s.sessionId)).toEqual([
      { issueId: 'custom:3:1', type: 'custom', name: 'Custom', visible: false, icon: 'custom', contextString: 'quota', time: 1500, timestamp: T0 + 1500, seqIndex: 300_001, payload: { name: 'quota' } },
    ]);
    await sessionDeletionOf(t).deleteSessions(projectId, [s.sessionId]);
    expect(await stored(s.sessionId)).toEqual([]);
    expect(await t.ctx.sql(sql`select 1 from sessions_issue_state where session_id = ${s.sessionId}`)).toEqual([]);
  });
});
