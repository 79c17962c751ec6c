import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreServices, sql } from '@cassette/plugin-sdk/server';
import { createTestKernel, type TestKernel, type TestUser } from '@cassette/core/testing';
import ingestPlugin from '@cassette/plugin-ingest/server';
import sessionsPlugin from '@cassette/plugin-sessions/server';
import errorsPlugin from '@cassette/plugin-errors/server';
import { ordinaryVisitBatch, startBody as trackerStartBodyOf } from '@cassette/plugin-ingest/testing';
import type { BatchRequest, StartRequest } from '@cassette/tracker/protocol';

/**
 * The security review's flood: a burst of session starts from one address and from many, and
 * one sender pushing the largest batches it is allowed as fast as it is allowed, while an
 * ordinary visitor records a visit. Everything goes over real HTTP to a listening server. The
 * visitor's batches must each be acknowledged and become searchable while the flood still
 * runs (the heavy sender's batches still waiting to be processed); no time limit is asserted
 * beyond a generous bound on the wait. The limits are scaled down so the test stays short.
 */
const LIMITS = {
  maxBatchEvents: 1_000,
  sessionEventsPerMinute: 20_000,
  sessionBurst: 60,
  sliceEvents: 500,
  startBurstPerAddress: 5,
  startsPerSecondPerAddress: 1,
  startBurstPerProject: 30,
  startsPerSecondPerProject: 5,
  sweepEverySeconds: 3600,
  // The heavy sender's batches arrive out of order (four at a time): processing goes on at once
  // instead of pausing for a missing one, which would free its worker and hide unfairness.
  gapSkipSeconds: 0,
};
const CHROME_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('one heavy sender and a flood of session starts', () => {
  let t: TestKernel;
  let base: string;
  let projectId: number;
  let projectKey: string;
  let owner: TestUser;

  beforeAll(async () => {
    // Behind a proxy, as in production: each flooding client is known by its forwarded address.
    t = await createTestKernel({ plugins: [ingestPlugin, sessionsPlugin, errorsPlugin], env: { TRUST_PROXY: 'true' }, config: { plugins: [{ id: 'ingest', settings: LIMITS }] } });
    ({ projectId, owner } = await t.createTenant());
    projectKey = (await t.request('GET', `/api/projects/${projectId}`, { token: owner.token })).body.data.projectKey;
    base = await t.kernel.app.listen({ port: 0, host: '127.0.0.1' });
  });
  // Closing waits for the job still working through the heavy sender's batches.
  afterAll(async () => t?.close(), 180_000);

  const startBody = (): StartRequest => trackerStartBodyOf(projectKey);

  async function start(address: string) {
    const res = await fetch(`${base}/api/ingest/v1/start`, { method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': CHROME_UA, 'x-forwarded-for': address }, body: JSON.stringify(startBody()) });
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as { data?: { sessionId: string; token: string } } };
  }

  async function session(address: string) {
    const res = await start(address);
    expect(res.status).toBe(200);
    return res.body.data!;
  }

  async function send(token: string, batch: BatchRequest | Buffer) {
    const body = new Uint8Array(Buffer.isBuffer(batch) ? batch : gzipSync(JSON.stringify(batch)));
    const res = await fetch(`${base}/api/ingest/v1/batch`, { method: 'POST', headers: { 'content-type': 'application/octet-stream', authorization: `Bearer ${token}` }, body });
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as { data?: unknown; errors?: string[] } };
  }

  const unprocessed = async (sessionId: string) =>
    Number((await t.kernel.resolve(coreServices.database).sql<{ n: number }>(sql`select count(*)::int as n from ingest_batches where session_id = ${sessionId} and processed_at is null`))[0]?.n);

  async function searchable(label: string) {
    const res = await fetch(`${base}/api/${projectId}/sessions/search2`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.token}` },
      body: JSON.stringify({ events: [{ type: 'CLICK', operator: 'on', value: [label] }] }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: { total: number } }).data.total > 0;
  }

  /** Session starts as fast as a few clients can send them: half from one address, half each from a new one. */
  function floodOfStarts() {
    const answers: Record<number, number> = {};
    let refusedWithoutRetryAfter = 0;
    let running = true;
    const startedAt = Date.now();
    let stoppedAt = 0;
    const loops = Array.from({ length: 4 }, async (_, loop) => {
      for (let i = 0; running; i++) {
        const res = await start(loop < 2 ? '203.0.113.9' : `198.18.${loop}.${i % 250}`);
        answers[res.status] = (answers[res.status] ?? 0) + 1;
        if (res.status === 429 && !res.retryAfter) refusedWithoutRetryAfter++;
        await sleep(10);
      }
    });
    return {
      answers,
      get refusedWithoutRetryAfter() {
        return refusedWithoutRetryAfter;
      },
      get requests() {
        return Object.values(answers).reduce((sum, n) => sum + n, 0);
      },
      /** Seconds the flood ran (until stopped). */
      get seconds() {
        return ((stoppedAt || Date.now()) - startedAt) / 1000;
      },
      stop: async () => {
        running = false;
        await Promise.all(loops);
        stoppedAt ||= Date.now();
      },
    };
  }

  /**
   * The heaviest batches allowed, as fast as allowed, from a page throwing in a loop: on 429 it
   * waits what Retry-After says, as the tracker does, and sends the same batch again. Bodies are
   * made beforehand, so the sender is as fast as the server lets it be.
   */
  function heavySender(sessionId: string, token: string) {
    const answers: Record<number, number> = {};
    let running = true;
    const t0 = Date.now() - 120_000;
    const heavyBatch = (seq: number, events: number): BatchRequest => ({
      sessionId,
      seq,
      sentAt: t0 + seq * 1000,
      pageNo: 0,
      recording: Array.from({ length: 100 }, (_, i) => ({ type: 3, timestamp: t0 + seq * 1000 + i, data: { source: 1, positions: [{ x: i, y: i, id: 4, timeOffset: 0 }] } })),
      events: Array.from({ length: events - 100 }, (_, i) => ({
        type: 'error' as const,
        ts: t0 + seq * 1000 + i / 10,
        source: 'js_exception' as const,
        name: 'TypeError',
        message: `Cannot read properties of undefined (reading 'item${i % 7}')`,
        stack: `TypeError: Cannot read properties of undefined (reading 'item${i % 7}')\n    at loop (https://shop.example.test/app.js:1:${100 + (i % 7)})`,
      })),
    });
    const bodies = Array.from({ length: 150 }, (_, seq) => gzipSync(JSON.stringify(heavyBatch(seq, LIMITS.maxBatchEvents))));
    let next = 0;
    // Four requests at once, as a script would; each batch is sent until it is taken.
    const worker = async () => {
      for (let seq = next++; running && seq < bodies.length; seq = next++) {
        for (;;) {
          const res = await send(token, bodies[seq]!);
          answers[res.status] = (answers[res.status] ?? 0) + 1;
          if (res.status === 200 || !running) break;
          for (let waited = 0; running && waited < Number(res.retryAfter ?? 1) * 1000; waited += 50) await sleep(50);
        }
      }
    };
    const done = (async () => {
      const tooBig = await send(token, heavyBatch(0, LIMITS.maxBatchEvents + 1));
      answers[tooBig.status] = 1;
      await Promise.all([worker(), worker(), worker(), worker()]);
      return tooBig;
    })();
    return {
      answers,
      stop: async () => {
        running = false;
        return done;
      },
    };
  }


  it("keeps an ordinary session's batches acknowledged and searchable while they run", async () => {
    const ordinary = await session('192.0.2.10');
    const heavy = await session('192.0.2.20');
    const flood = floodOfStarts();
    const sender = heavySender(heavy.sessionId, heavy.token);
    try {
      for (let i = 0; (await unprocessed(heavy.sessionId)) < 8; i++) {
        if (i > 1200) throw new Error('the heavy sender never built up a backlog');
        await sleep(50);
      }
      for (let seq = 0; seq < 3; seq++) {
        const label = `Ordinary step ${seq}`;
        const floodBefore = flood.requests;
        const ack = await send(ordinary.token, ordinaryVisitBatch(ordinary.sessionId, seq, label));
        expect(ack.status, JSON.stringify(ack.body)).toBe(200);
        expect(ack.body.data).toEqual({ seq, duplicate: false });
        let heavyWaiting = -1;
        for (let i = 0; heavyWaiting < 0; i++) {
          if (await searchable(label)) heavyWaiting = await unprocessed(heavy.sessionId);
          else if (i > 600) throw new Error(`batch ${seq} of the ordinary session was not searchable after a minute`);
          else await sleep(100);
        }
        // Found while the heavy sender's batches were still waiting (it did not wait behind them)
        // and the starts kept coming.
        expect(heavyWaiting, `heavy batches still unprocessed when batch ${seq} was searchable`).toBeGreaterThan(0);
        expect(flood.requests).toBeGreaterThan(floodBefore);
      }
      // The heavy sender soon spends its budget (20 batches a minute) and is told to wait.
      for (let i = 0; !sender.answers[429]; i++) {
        if (i > 1800) throw new Error('the heavy sender was never refused');
        await sleep(50);
      }
    } finally {
      await flood.stop();
      await sender.stop();
    }
    // Its one batch over the limit was refused, saying why.
    const tooBig = await sender.stop();
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.errors?.[0]).toMatch(/at most 1000 are accepted in one batch/);
    // The flood was refused beyond the project's limit (its burst, then so many a second), each
    // refusal saying when to come back. How many were sent depends on the machine's speed; how
    // many got in may not exceed what the limit allows over the time the flood ran.
    expect(flood.answers[429]).toBeGreaterThan(0);
    expect(flood.answers[200] ?? 0).toBeLessThanOrEqual(LIMITS.startBurstPerProject + Math.ceil(LIMITS.startsPerSecondPerProject * flood.seconds));
    expect(flood.answers[200]).toBeGreaterThan(0);
    expect(flood.refusedWithoutRetryAfter).toBe(0);
    // The heavy sender got in what its budget allows, then was told to wait.
    expect(sender.answers[200]).toBeGreaterThanOrEqual(20);
    expect(sender.answers[429]).toBeGreaterThan(0);
  }, 240_000);
});
