import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreServices, sql } from '@cassette/plugin-sdk/server';
import { createTestKernel, type TestKernel, type TestUser } from '@cassette/core/testing';
import ingestPlugin from '@cassette/plugin-ingest/server';
import sessionsPlugin from '@cassette/plugin-sessions/server';
import type { BatchRequest, StartRequest, TrackerEvent } from '@cassette/tracker/protocol';
import errorsPlugin from '../../plugins/errors/server.js';

/**
 * Exceptions end to end on the server: the tracker's endpoints (ingest) store batches, ingest's
 * jobs feed the errors plugin's processor next to the sessions plugin's, the errors routes
 * answer the groups, and a GDPR delete of the session takes its occurrences along.
 */
const CHROME_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

const stack = (line: number) =>
  [
    "TypeError: Cannot read properties of undefined (reading 'price')",
    `    at lineTotal (https://shop.example.test/assets/app.3f9a1c2b.js:${line}:33)`,
    `    at cartTotal (https://shop.example.test/assets/app.3f9a1c2b.js:${line + 10}:5)`,
  ].join('\n');

describe('ingest → errors', () => {
  let t: TestKernel;
  let owner: TestUser;
  let projectId: number;
  let projectKey: string;

  beforeAll(async () => {
    t = await createTestKernel({
      plugins: [ingestPlugin, sessionsPlugin, errorsPlugin],
      config: { plugins: [{ id: 'ingest', settings: { sweepEverySeconds: 3600 } }] },
    });
    ({ owner, projectId } = await t.createTenant());
    projectKey = (await t.request('GET', `/api/projects/${projectId}`, { token: owner.token })).body.data.projectKey;
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

  async function record(userId: string, batches: TrackerEvent[][]): Promise<string> {
    const now = Date.now();
    const start: StartRequest = {
      projectKey,
      trackerVersion: '1.0.0',
      protocolVersion: 1,
      timestamp: now,
      url: 'https://shop.example.test/cart?coupon=x',
      referrer: '',
      title: 'Cart',
      screen: { width: 1920, height: 1080 },
      viewport: { width: 1280, height: 720 },
      userId,
      revId: 'r7',
    };
    const started = await post('/api/ingest/v1/start', start);
    expect(started.status).toBe(200);
    const { sessionId, token } = started.body.data as { sessionId: string; token: string };
    for (const [seq, events] of batches.entries()) {
      const batch: BatchRequest = { sessionId, seq, sentAt: now + seq * 1000, pageNo: 0, recording: [{ type: 3, timestamp: now + seq * 1000, data: {} }], events, final: seq === batches.length - 1 };
      expect((await post('/api/ingest/v1/batch', batch, { authorization: `Bearer ${token}` })).status).toBe(200);
    }
    await until('the session to end', async () => (await db().sql(sql`select 1 from sessions_sessions where session_id = ${sessionId} and ended_at is not null`))[0]);
    return sessionId;
  }

  it('groups exceptions of two visits, links them to the sessions, and forgets a deleted session', async () => {
    const now = Date.now();
    const first = await record('ada@example.test', [
      [
        { type: 'click', ts: now + 100, selector: 'button#pay', label: 'Pay' },
        { type: 'error', ts: now + 200, source: 'js_exception', name: 'TypeError', message: "Cannot read properties of undefined (reading 'price')", stack: stack(120) },
      ],
    ]);
    const second = await record('bob@example.test', [
      [{ type: 'page', ts: now + 100, url: 'https://shop.example.test/checkout', referrer: '', title: 'Checkout' }],
      [{ type: 'error', ts: now + 1200, source: 'js_exception', name: 'TypeError', message: "Cannot read properties of undefined (reading 'price')", stack: stack(400) }],
    ]);

    const search = await t.request('POST', `/api/${projectId}/errors/search`, { token: owner.token, body: {} });
    expect(search.status).toBe(200);
    expect(search.body.data.total).toBe(1);
    const [group] = search.body.data.errors;
    expect(group).toMatchObject({ name: 'TypeError', users: 2, sessions: 2, occurrences: 2, firstFrame: 'lineTotal (/assets/app.3f9a1c2b.js:400:33)' });

    // The player's panel: the keys are those of the session's own errors.
    const session = await t.request('GET', `/api/${projectId}/sessions2/${first}`, { token: owner.token });
    const occurrences = await t.request('GET', `/api/${projectId}/sessions2/${first}/errors`, { token: owner.token });
    expect(occurrences.body.data.map((o: { key: string; errorId: string }) => [o.key, o.errorId])).toEqual(session.body.data.errors.map((e: { key: string }) => [e.key, group.errorId]));

    const detail = await t.request('GET', `/api/${projectId}/errors/${group.errorId}`, { token: owner.token });
    expect(detail.body.data.sessions10.map((s: { sessionId: string; url: string; release: string }) => [s.sessionId, s.url, s.release])).toEqual([
      [second, 'https://shop.example.test/checkout', 'r7'],
      [first, 'https://shop.example.test/cart', 'r7'],
    ]);

    const gdpr = await t.request('POST', `/api/${projectId}/sessions/gdpr/delete-user`, { token: owner.token, body: { userId: 'ada@example.test' } });
    expect(gdpr.body.data).toEqual({ deletedSessions: 1 });
    expect(await db().sql(sql`select 1 from errors_occurrences where session_id = ${first}`)).toEqual([]);
    const after = await t.request('GET', `/api/${projectId}/errors/${group.errorId}`, { token: owner.token });
    expect(after.body.data).toMatchObject({ occurrences: 1, sessions: 1, users: 1 });
  });
});
