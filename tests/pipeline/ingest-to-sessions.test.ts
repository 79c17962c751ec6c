import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreServices, sql, type EventDef } from '@cassette/plugin-sdk/server';
import { createTestKernel, type TestKernel, type TestUser } from '@cassette/core/testing';
import ingestPlugin from '@cassette/plugin-ingest/server';
import { ingestServices } from '@cassette/plugin-ingest/api';
import sessionsPlugin from '@cassette/plugin-sessions/server';
import { sessionsEvents } from '@cassette/plugin-sessions/api';
import type { BatchRequest, StartRequest } from '@cassette/tracker/protocol';
import { retentionJob } from '../../plugins/sessions/server/retention.job.js';

/**
 * The recording path end to end on the server: the tracker's endpoints (ingest) store
 * batches, ingest's jobs feed the sessions plugin's processor, the list answers the
 * summary, and a GDPR delete removes the session with its raw recording.
 */
const CHROME_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

describe('ingest → sessions', () => {
  let t: TestKernel;
  let owner: TestUser;
  let projectId: number;
  let projectKey: string;
  const ended: unknown[] = [];

  beforeAll(async () => {
    t = await createTestKernel({
      plugins: [ingestPlugin, sessionsPlugin],
      config: { plugins: [{ id: 'ingest', settings: { sweepEverySeconds: 3600 } }] },
    });
    ({ owner, projectId } = await t.createTenant());
    projectKey = (await t.request('GET', `/api/projects/${projectId}`, { token: owner.token })).body.data.projectKey;
    const bus = t.kernel.resolve(coreServices.events) as unknown as { subscribe(plugin: string, e: EventDef, h: (p: unknown) => Promise<void>): void };
    bus.subscribe('test', sessionsEvents.ended, async (payload) => void ended.push(payload));
  });
  afterAll(async () => t?.close());

  const db = () => t.kernel.resolve(coreServices.database);

  async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
    const res = await t.kernel.app.inject({ method: 'POST', url, payload: body as object, headers: { 'user-agent': CHROME_UA, ...headers } });
    return { status: res.statusCode, body: res.json() };
  }

  async function until<T>(what: string, probe: () => Promise<T | null | undefined>): Promise<T> {
    for (let i = 0; i < 200; i++) {
      const value = await probe();
      if (value) return value;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`timed out waiting for ${what}`);
  }

  it('records a visit into the session summary and its events, then deletes it on a GDPR request', async () => {
    const now = Date.now();
    const startBody: StartRequest = {
      projectKey,
      trackerVersion: '1.0.0',
      protocolVersion: 1,
      timestamp: now,
      url: 'https://shop.example.test/products',
      referrer: 'https://search.example.test/',
      title: 'Products',
      timezone: 'Europe/Paris',
      language: 'fr-FR',
      screen: { width: 1920, height: 1080 },
      viewport: { width: 1280, height: 720 },
      userId: 'ada@example.test',
      metadata: { plan: 'pro' },
      revId: 'r1',
    };
    const started = await post('/api/ingest/v1/start', startBody);
    expect(started.status).toBe(200);
    const { sessionId, token } = started.body.data as { sessionId: string; token: string };
    const auth = { authorization: `Bearer ${token}` };

    const batch0: BatchRequest = {
      sessionId,
      seq: 0,
      sentAt: now + 3000,
      pageNo: 0,
      recording: [{ type: 4, timestamp: now, data: { href: startBody.url, width: 1280, height: 720 } }],
      events: [
        { type: 'page', ts: now, url: startBody.url, referrer: startBody.referrer, title: 'Products' },
        { type: 'click', ts: now + 1000, selector: 'button#buy', label: 'Buy' },
        { type: 'input', ts: now + 1500, selector: 'input#q', label: 'Search', value: '***', mode: 'obscured' },
        { type: 'console', ts: now + 2000, level: 'error', value: 'boom' },
        { type: 'request', ts: now + 2500, kind: 'fetch', url: 'https://api.example.test/fail', method: 'GET', status: 0, duration: 12 },
        { type: 'error', ts: now + 3000, source: 'js_exception', name: 'Error', message: 'uncaught' },
      ],
    };
    expect((await post('/api/ingest/v1/batch', batch0, auth)).status).toBe(200);
    const replay = await post('/api/ingest/v1/batch', batch0, auth);
    expect(replay.status).toBe(200);
    expect(replay.body.data.duplicate).toBe(true);
    const batch1: BatchRequest = {
      sessionId,
      seq: 1,
      sentAt: now + 5000,
      pageNo: 1,
      recording: [{ type: 3, timestamp: now + 5000, data: {} }],
      events: [{ type: 'page', ts: now + 4000, url: 'https://shop.example.test/cart', referrer: startBody.url, title: 'Cart' }],
      final: true,
    };
    expect((await post('/api/ingest/v1/batch', batch1, auth)).status).toBe(200);
    // Two batches stored, the repeat of batch 0 not counted; requests are labelled by route pattern.
    const metrics = (await t.request('GET', '/metrics', { token: owner.token })).body as string;
    expect(metrics).toMatch(/^cassette_ingest_batches_accepted_total 2$/m);
    expect(metrics).toMatch(/^cassette_http_requests_total\{method="POST",route="\/api\/ingest\/v1\/batch",status="200"\} 3$/m);

    const row = await until('the session to end', async () => (await db().sql<Record<string, any>>(sql`select * from sessions_sessions where session_id = ${sessionId} and ended_at is not null`))[0]);
    expect(row).toMatchObject({ user_browser: 'Chrome', user_os: 'Windows', user_device_type: 'desktop', page_title: 'Products', first_path: '/products', rev_id: 'r1' });

    const list = await t.request('POST', `/api/${projectId}/sessions/search2`, { token: owner.token, body: {} });
    expect(list.status).toBe(200);
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.sessions[0]).toMatchObject({
      sessionId,
      userId: 'ada@example.test',
      userDisplayName: 'ada@example.test',
      metadata: { plan: 'pro' },
      pagesCount: 2,
      eventsCount: 4,
      errorsCount: 1,
      consoleLogsCount: 1,
      issueTypes: ['js_exception'],
      live: false,
    });
    // Ingest moves batch times onto the server clock, so the duration is the server's view of the visit.
    expect(list.body.data.sessions[0].duration).toBe(new Date(row.last_event_at).getTime() - new Date(row.started_at).getTime());
    expect(list.body.data.sessions[0].duration).toBeGreaterThan(0);
    const types = (await db().sql<{ type: string }>(sql`select type from sessions_events where session_id = ${sessionId} and seq >= 0 order by seq, idx`)).map((r) => r.type);
    expect(types).toEqual(['LOCATION', 'CLICK', 'INPUT', 'CONSOLE', 'FETCH', 'ERROR', 'LOCATION']);
    expect(ended).toEqual([expect.objectContaining({ sessionId, projectId, userId: 'ada@example.test', pagesCount: 2, errorsCount: 1 })]);

    const recordings = t.kernel.resolve(ingestServices.recordings);
    expect((await recordings.listBatches(projectId, sessionId)).length).toBe(2);
    const gdpr = await t.request('POST', `/api/${projectId}/sessions/gdpr/delete-user`, { token: owner.token, body: { userId: 'ada@example.test' } });
    expect(gdpr.body.data).toEqual({ deletedSessions: 1 });
    expect(await recordings.listBatches(projectId, sessionId)).toEqual([]);
    expect(await db().sql(sql`select 1 from sessions_events where session_id = ${sessionId}`)).toEqual([]);
    expect((await t.request('POST', `/api/${projectId}/sessions/search2`, { token: owner.token, body: {} })).body.data.total).toBe(0);
  });

  it("drops sessions past the project's retention period, raw recordings included", async () => {
    const now = Date.now();
    const started = await post('/api/ingest/v1/start', { projectKey, trackerVersion: '1.0.0', protocolVersion: 1, timestamp: now, url: 'https://shop.example.test/', referrer: '', title: 'Shop', screen: { width: 1, height: 1 }, viewport: { width: 1, height: 1 } });
    const { sessionId, token } = started.body.data as { sessionId: string; token: string };
    const batch: BatchRequest = { sessionId, seq: 0, sentAt: now, pageNo: 0, recording: [{ type: 3, timestamp: now, data: {} }], events: [{ type: 'click', ts: now, selector: 'a', label: 'A' }] };
    expect((await post('/api/ingest/v1/batch', batch, { authorization: `Bearer ${token}` })).status).toBe(200);
    await until('the batch to be processed', async () => (await db().sql(sql`select 1 from sessions_events where session_id = ${sessionId} and type = ${'CLICK'}`))[0]);
    const recordings = t.kernel.resolve(ingestServices.recordings);
    expect(await recordings.listBatches(projectId, sessionId)).toHaveLength(1);

    await db().sql(sql`update sessions_sessions set started_at = started_at - interval '181 days' where session_id = ${sessionId}`);
    // The daily schedule fired at boot; run it again now, by name, as the scheduler would.
    await t.kernel.resolve(coreServices.jobs).enqueue(retentionJob, {});
    await until('the retention job to delete the session', async () => (await db().sql(sql`select 1 from sessions_sessions where session_id = ${sessionId}`)).length === 0);
    expect(await recordings.listBatches(projectId, sessionId)).toEqual([]);
    expect(await db().sql(sql`select 1 from sessions_events where session_id = ${sessionId}`)).toEqual([]);
  });
});
