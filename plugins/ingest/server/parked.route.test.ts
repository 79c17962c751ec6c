import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreServices, definePlugin, sql } from '@cassette/plugin-sdk/server';
import { ingestExtensionPoints, type IngestProcessor } from '../api.js';
import type { ParkedStep } from '../shared/parked.js';
import { batch, bootIngest, newSession, sendBatch, waitFor, type IngestWorld } from '../testing/ingest-fixture.js';
import { MAX_FAILURES } from './process-session.job.js';
import { SESSION_BUSY } from './retry-parked.js';
import { takeLease } from './session-store.js';

/**
 * A processing step that keeps failing is parked, not dropped: the session goes on with its
 * later batches, an admin sees the step and retries it once the cause is fixed.
 */
const SECRET = 'the recorded response body';

/** What the test processor is told: which steps fail (until fixed), and what it took. */
const broken = { batches: new Set<number>(), start: false, end: false };
const taken: string[] = [];

const flaky: IngestProcessor = {
  id: 'test.flaky',
  async sessionStarted(s) {
    if (broken.start) throw new Error('the start store is down');
    taken.push(`${s.sessionId} start`);
  },
  async batch(s, b) {
    // As a database driver says it: the value it choked on, quoted, in the message.
    if (broken.batches.has(b.seq)) throw Object.assign(new Error(`invalid input syntax for type json: "${SECRET}"`), { code: '22P02' });
    taken.push(`${s.sessionId} batch ${b.seq}`);
  },
  async sessionEnded(s) {
    if (broken.end) throw new Error('the end hook is down');
    taken.push(`${s.sessionId} end`);
  },
};

const flakyPlugin = definePlugin({
  id: 'flakyProcessor',
  register(r) {
    r.extend(ingestExtensionPoints.processors, flaky);
  },
});

describe('parked processing steps', () => {
  let w: IngestWorld;
  beforeAll(async () => {
    // A fast sweep: each round re-enqueues the failing session, so MAX_FAILURES is reached in seconds.
    w = await bootIngest({ settings: { sweepEverySeconds: 0.1, gapSkipSeconds: 1 }, plugins: [flakyPlugin] });
  });
  afterAll(async () => w?.t.close());

  const db = () => w.t.kernel.resolve(coreServices.database);
  const list = async (token = w.owner.token) => {
    const res = await w.t.request('GET', '/api/client/ingest/parked', { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { steps: ParkedStep[]; total: number };
  };
  // The sweep runs every 0.1 s here, and a queued job of the session may still hold its lease
  // for a moment (BullMQ): a 409 "busy" is the product's answer to that, so wait it out.
  const retryOnce = (id: number) => w.t.request('POST', `/api/client/ingest/parked/${id}/retry`, { token: w.owner.token });
  const retry = async (id: number) => {
    for (let tries = 0; ; tries++) {
      const res = await retryOnce(id);
      if (res.status !== 409 || tries >= 50) return res;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  const ended = async (sessionId: string) => (await db().sql(sql`select 1 from ingest_sessions where id = ${sessionId} and ended_at is not null`)).length > 0;
  const metric = async (name: string) => {
    const text = (await w.t.request('GET', '/metrics', { token: w.owner.token })).body as string;
    return Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
  };
  const batchState = async (sessionId: string, seq: number) =>
    (await db().sql<{ processed: boolean; skipped_reason: string | null }>(sql`select processed_at is not null as processed, skipped_reason from ingest_batches where session_id = ${sessionId} and seq = ${seq}`))[0];

  it('parks a batch whose processor keeps failing, goes on with the later ones, and retries it once fixed', async () => {
    broken.batches.add(1);
    const s = await newSession(w);
    for (const seq of [0, 1, 2]) await sendBatch(w.t, batch(s.sessionId, seq, { final: seq === 2 }), { token: s.token });
    await waitFor(() => ended(s.sessionId), 'the session to end past its failing batch', 30_000);

    // Batches 0 and 2 went through, and the session ended: batch 1 did not hold them back.
    expect(taken.filter((t) => t.startsWith(s.sessionId))).toEqual([`${s.sessionId} start`, `${s.sessionId} batch 0`, `${s.sessionId} batch 2`, `${s.sessionId} end`]);
    expect(await batchState(s.sessionId, 1)).toEqual({ processed: true, skipped_reason: 'parked' });

    // The admin sees it: which project, session, batch and processor, and the error without the recorded data.
    const { steps, total } = await list();
    expect(total).toBe(1);
    expect(steps).toEqual([
      {
        id: expect.any(Number),
        projectId: w.projectId,
        projectName: expect.any(String),
        sessionId: s.sessionId,
        step: 'batch',
        seq: 1,
        processor: 'test.flaky',
        error: 'Error 22P02: invalid input syntax for type json: "…"',
        attempts: MAX_FAILURES,
        parkedAt: expect.any(Number),
      },
    ]);
    expect(steps[0]!.projectName).not.toBe('');
    expect(JSON.stringify(steps)).not.toContain(SECRET);
    expect(await metric('cassette_ingest_parked_steps')).toBe(1);
    expect(await metric('cassette_ingest_steps_parked_total')).toBe(1);
    const id = steps[0]!.id;

    // Retried before the cause is fixed: still parked, one attempt more.
    const again = await retry(id);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data).toEqual({ id, outcome: 'failing', processor: 'test.flaky', error: 'Error 22P02: invalid input syntax for type json: "…"' });
    expect((await list()).steps[0]).toMatchObject({ id, attempts: MAX_FAILURES + 1, retriedAt: expect.any(Number) });

    // Fixed: the retry feeds the stored batch to the processors and unparks it.
    broken.batches.clear();
    const fixed = await retry(id);
    expect(fixed.body.data).toEqual({ id, outcome: 'processed' });
    expect(taken).toContain(`${s.sessionId} batch 1`);
    expect(await list()).toEqual({ steps: [], total: 0 });
    expect(await batchState(s.sessionId, 1)).toEqual({ processed: true, skipped_reason: null });
    expect(await metric('cassette_ingest_parked_steps')).toBe(0);
    const gone = await retry(id);
    expect(gone.status).toBe(404);
    expect(gone.body.errors[0]).toMatch(/retried or its session was deleted/);
  }, 60_000);

  it("retries all of the organization's parked steps in order: a session's start, then its batches, then its end", async () => {
    broken.start = true;
    broken.end = true;
    broken.batches.add(0);
    const s = await newSession(w);
    await sendBatch(w.t, batch(s.sessionId, 0, { final: true }), { token: s.token });
    await waitFor(() => ended(s.sessionId), 'the session to end', 45_000);
    const parked = (await list()).steps.filter((p) => p.sessionId === s.sessionId);
    expect(parked.map((p) => [p.step, p.seq, p.error])).toEqual([
      ['sessionStarted', undefined, 'Error: the start store is down'],
      ['batch', 0, 'Error 22P02: invalid input syntax for type json: "…"'],
      ['sessionEnded', undefined, 'Error: the end hook is down'],
    ]);

    // Another organization's admin neither sees nor retries them.
    const other = await w.t.createTenant();
    expect((await list(other.owner.token)).total).toBe(0);
    expect((await w.t.request('POST', `/api/client/ingest/parked/${parked[0]!.id}/retry`, { token: other.owner.token })).status).toBe(404);
    expect((await w.t.request('POST', '/api/client/ingest/parked/retry', { token: other.owner.token })).body.data).toEqual({ processed: 0, failing: 0, gone: 0, busy: 0, remaining: 0 });

    broken.start = false;
    broken.end = false;
    broken.batches.clear();
    const before = taken.length;
    // As with one step: the session's last job may still hold its lease a moment after it ended.
    let all = await w.t.request('POST', '/api/client/ingest/parked/retry', { token: w.owner.token });
    for (let tries = 0; all.body.data?.busy > 0 && tries < 50; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      all = await w.t.request('POST', '/api/client/ingest/parked/retry', { token: w.owner.token });
    }
    expect(all.body.data).toEqual({ processed: 3, failing: 0, gone: 0, busy: 0, remaining: 0 });
    expect(taken.slice(before)).toEqual([`${s.sessionId} start`, `${s.sessionId} batch 0`, `${s.sessionId} end`]);
  }, 90_000);

  it('refuses to retry a step of a session being processed right now, and unparks one whose session was deleted', async () => {
    const sessionId = (await newSession(w)).sessionId;
    await db().sql(sql`insert into ingest_parked_steps (session_id, project_id, tenant_id, step, seq, processor, error, attempts) values (${sessionId}, ${w.projectId}, ${w.tenantId}, 'batch', 0, 'test.flaky', 'Error: x', 10)`);
    const [{ id }] = (await list()).steps.filter((p) => p.sessionId === sessionId) as [ParkedStep];
    expect(await takeLease(db(), sessionId, 'a busy worker', 60_000)).toBe(true);
    const busy = await retryOnce(id);
    expect(busy.status).toBe(409);
    expect(busy.body.errors).toEqual([SESSION_BUSY]);
    expect((await w.t.request('POST', '/api/client/ingest/parked/retry', { token: w.owner.token })).body.data).toMatchObject({ busy: 1, remaining: 1 });

    await db().sql(sql`delete from ingest_sessions where id = ${sessionId}`);
    expect((await retry(id)).body.data).toEqual({ id, outcome: 'gone' });
    expect((await list()).total).toBe(0);
  });
});
