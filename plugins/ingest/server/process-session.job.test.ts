import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreServices, sql } from '@cassette/plugin-sdk/server';
import type { DecodedBatch, SessionEnd } from '../api.js';
import { batch, bootIngest, newSession, probePlugin, sendBatch, waitFor, type IngestWorld, type ProcessorCall } from '../testing/ingest-fixture.js';
import { MAX_FAILURES, STORED_BATCH_READER } from './process-session.job.js';

const db = (w: IngestWorld) => w.t.kernel.resolve(coreServices.database);
const sessionState = async (w: IngestWorld, id: string) =>
  (await db(w).sql<{ next_seq: number; ended: boolean; end_reason: string | null; processed_batches: number }>(sql`select next_seq, ended_at is not null as ended, end_reason, processed_batches from ingest_sessions where id = ${id}`))[0];
const unprocessed = async (w: IngestWorld, id: string) =>
  Number((await db(w).sql<{ n: number }>(sql`select count(*)::int as n from ingest_batches where session_id = ${id} and processed_at is null`))[0]?.n);

describe('processing pipeline', () => {
  let w: IngestWorld;
  const calls: ProcessorCall[] = [];
  let failNext = 0;
  /** Batch 1 of this session fails in beta every time. */
  let poisoned: string | null = null;
  beforeAll(async () => {
    w = await bootIngest({
      settings: { gapSkipSeconds: 3, sweepEverySeconds: 0.2 },
      plugins: [
        probePlugin(calls, {
          ids: [{ id: 'zeta', order: 10 }, { id: 'alpha' }, { id: 'beta' }],
          fail: (call) => (call.processor === 'alpha' && call.method === 'batch' && failNext-- > 0) || (call.processor === 'beta' && call.sessionId === poisoned && call.seq === 1),
        }),
      ],
    });
  });
  afterAll(async () => w?.t.close());
  const of = (sessionId: string) => calls.filter((c) => c.sessionId === sessionId);

  it('calls every processor in order: sessionStarted once, then batches in sequence order, then sessionEnded on the final batch', async () => {
    const s = await newSession(w);
    // Out of order on the wire: 1 and 2 wait for 0.
    await sendBatch(w.t, batch(s.sessionId, 2, { final: true }), { token: s.token });
    await sendBatch(w.t, batch(s.sessionId, 1), { token: s.token });
    await new Promise((r) => setTimeout(r, 100));
    expect(of(s.sessionId).filter((c) => c.method === 'batch')).toEqual([]);
    const zero = batch(s.sessionId, 0);
    await sendBatch(w.t, zero, { token: s.token });
    await waitFor(async () => (await sessionState(w, s.sessionId))?.ended, 'the session to end');
    const seen = of(s.sessionId).map((c) => `${c.processor} ${c.method}${c.seq === undefined ? '' : ` ${c.seq}`}`);
    expect(seen).toEqual([
      'zeta sessionStarted',
      'alpha sessionStarted',
      'beta sessionStarted',
      'zeta batch 0',
      'alpha batch 0',
      'beta batch 0',
      'zeta batch 1',
      'alpha batch 1',
      'beta batch 1',
      'zeta batch 2',
      'alpha batch 2',
      'beta batch 2',
      'zeta sessionEnded',
      'alpha sessionEnded',
      'beta sessionEnded',
    ]);
    const end = of(s.sessionId).find((c) => c.method === 'sessionEnded')!.detail as SessionEnd;
    expect(end).toMatchObject({ reason: 'final', batches: 3 });
    expect(Math.abs(end.endedAt - Date.now())).toBeLessThan(10_000);
    expect(await sessionState(w, s.sessionId)).toMatchObject({ next_seq: 3, end_reason: 'final', processed_batches: 3 });
    // An ended session takes no more batches: the tracker is told to start a new one.
    const late = await sendBatch(w.t, batch(s.sessionId, 3), { token: s.token });
    expect(late.status).toBe(401);
    expect(late.body.errors[0]).toMatch(/ended: start a new session/);
    // But a retry of a batch it already stored is still acknowledged.
    const retry = await sendBatch(w.t, zero, { token: s.token });
    expect(retry.body.data).toEqual({ seq: 0, duplicate: true });
  });

  it('skips a batch that never arrives after the gap timeout, so later ones are not blocked', async () => {
    const s = await newSession(w);
    await sendBatch(w.t, batch(s.sessionId, 0), { token: s.token });
    await sendBatch(w.t, batch(s.sessionId, 2), { token: s.token });
    await waitFor(async () => (await sessionState(w, s.sessionId))?.next_seq === 3, 'batch 2 to be processed after the gap');
    expect(of(s.sessionId).filter((c) => c.processor === 'beta' && c.method === 'batch').map((c) => c.seq)).toEqual([0, 2]);
  });

  it('retries a failing processor through the job attempts without repeating earlier processors out of order', async () => {
    const s = await newSession(w);
    failNext = 2;
    await sendBatch(w.t, batch(s.sessionId, 0), { token: s.token });
    await waitFor(async () => (await unprocessed(w, s.sessionId)) === 0, 'the batch to go through', 15_000);
    expect(w.t.log.lines.some((l) => l.level === 'error' && (l.obj as { processor?: string } | undefined)?.processor === 'alpha')).toBe(true);
    // Every processor saw batch 0; the one after the failing one exactly once.
    expect(of(s.sessionId).filter((c) => c.processor === 'beta' && c.method === 'batch')).toHaveLength(1);
  });

  it('parks a batch whose processor keeps failing, with the processor, its error and the attempts, and goes on with the next ones', async () => {
    const s = await newSession(w);
    poisoned = s.sessionId;
    for (const seq of [0, 1, 2]) await sendBatch(w.t, batch(s.sessionId, seq, { final: seq === 2 }), { token: s.token });
    await waitFor(async () => (await sessionState(w, s.sessionId))?.ended, 'the session to end past its failing batch', 30_000);
    expect(of(s.sessionId).filter((c) => c.processor === 'beta' && c.method !== 'sessionStarted').map((c) => `${c.method}${c.seq ?? ''}`)).toEqual(['batch0', 'batch2', 'sessionEnded']);
    const parked = await db(w).sql(sql`select step, seq, processor, error, attempts from ingest_parked_steps where session_id = ${s.sessionId}`);
    expect(parked).toEqual([{ step: 'batch', seq: 1, processor: 'beta', error: 'Error: probe beta told to fail', attempts: MAX_FAILURES }]);
    const kept = await db(w).sql(sql`select seq, skipped_reason from ingest_batches where session_id = ${s.sessionId} order by seq`);
    expect(kept).toEqual([{ seq: 0, skipped_reason: null }, { seq: 1, skipped_reason: 'parked' }, { seq: 2, skipped_reason: null }]);
    expect(w.t.log.lines.some((l) => l.level === 'error' && /parked after repeated processor failures/.test(String(l.msg)))).toBe(true);
  }, 60_000);

  it('parks a batch whose stored recording no longer reads, and goes on with the next ones', async () => {
    const s = await newSession(w);
    // Batch 1 arrives first and waits for 0, long enough to spoil its stored blob.
    await sendBatch(w.t, batch(s.sessionId, 1), { token: s.token });
    const [stored] = await db(w).sql<{ blob_key: string }>(sql`select blob_key from ingest_batches where session_id = ${s.sessionId} and seq = 1`);
    await w.t.kernel.resolve(coreServices.blobs).put(stored!.blob_key, new Uint8Array([1, 2, 3]));
    for (const seq of [0, 2]) await sendBatch(w.t, batch(s.sessionId, seq, { final: seq === 2 }), { token: s.token });
    await waitFor(async () => (await sessionState(w, s.sessionId))?.ended, 'the session to end past its unreadable batch', 30_000);
    expect(of(s.sessionId).filter((c) => c.processor === 'alpha' && c.method === 'batch').map((c) => c.seq)).toEqual([0, 2]);
    const parked = await db(w).sql<{ step: string; seq: number; processor: string; attempts: number }>(sql`select step, seq, processor, attempts from ingest_parked_steps where session_id = ${s.sessionId}`);
    expect(parked).toEqual([{ step: 'batch', seq: 1, processor: STORED_BATCH_READER, attempts: MAX_FAILURES }]);
  }, 60_000);

  it('hands processors the session facts and the decoded batch', async () => {
    const s = await newSession(w, { userId: 'u-1' });
    await sendBatch(w.t, batch(s.sessionId, 0, { pageNo: 0 }), { token: s.token });
    await waitFor(() => of(s.sessionId).some((c) => c.method === 'batch'), 'the batch');
    const started = of(s.sessionId).find((c) => c.method === 'sessionStarted')!.detail as Record<string, unknown>;
    expect(started).toMatchObject({ sessionId: s.sessionId, projectId: w.projectId, tenantId: w.tenantId, userId: 'u-1', browser: 'Chrome' });
    const b = of(s.sessionId).find((c) => c.method === 'batch')!.detail as Record<string, unknown>;
    expect(b).toMatchObject({ sessionId: s.sessionId, projectId: w.projectId, seq: 0, pageNo: 0, final: false, events: [{ type: 'click' }] });
  });
});

describe('session end by silence', () => {
  let w: IngestWorld;
  const calls: ProcessorCall[] = [];
  beforeAll(async () => {
    w = await bootIngest({ settings: { sessionSilenceMinutes: 0.01, sweepEverySeconds: 0.2 }, plugins: [probePlugin(calls)] });
  });
  afterAll(async () => w?.t.close());

  it('ends a session nothing was heard from for the silence period', async () => {
    const s = await newSession(w);
    await sendBatch(w.t, batch(s.sessionId, 0), { token: s.token });
    await waitFor(async () => (await sessionState(w, s.sessionId))?.ended, 'the silent session to end');
    expect((await sessionState(w, s.sessionId))?.end_reason).toBe('silence');
    const ended = calls.filter((c) => c.sessionId === s.sessionId && c.method === 'sessionEnded');
    expect(ended).toHaveLength(1);
    expect((ended[0]!.detail as SessionEnd).reason).toBe('silence');
  });

  it('ends a session that never sent a batch without bothering processors', async () => {
    const s = await newSession(w);
    await waitFor(async () => (await sessionState(w, s.sessionId))?.ended, 'the empty session to end');
    expect(calls.filter((c) => c.sessionId === s.sessionId)).toEqual([]);
  });
});

describe('crash and restart', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cassette-ingest-restart-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('processes an acknowledged batch exactly once after the server stopped before processing it', async () => {
    // First life: batches are acknowledged, but every processing attempt dies.
    const first: ProcessorCall[] = [];
    const a = await bootIngest({ dataDir: dir, plugins: [probePlugin(first, { fail: () => true })] });
    const s = await newSession(a);
    expect((await sendBatch(a.t, batch(s.sessionId, 0), { token: s.token })).body.data).toEqual({ seq: 0, duplicate: false });
    const one = batch(s.sessionId, 1);
    expect((await sendBatch(a.t, one, { token: s.token, gzip: true })).body.data).toEqual({ seq: 1, duplicate: false });
    await a.t.close();
    expect(first).toEqual([]);

    // Second life on the same data: the start-up sweep finds both batches and processes each once.
    const second: ProcessorCall[] = [];
    const b = await bootIngest({ dataDir: dir, plugins: [probePlugin(second)] });
    try {
      await waitFor(async () => (await unprocessed(b, s.sessionId)) === 0, 'the recovered batches', 20_000);
      await new Promise((r) => setTimeout(r, 300));
      expect(second.filter((c) => c.sessionId === s.sessionId).map((c) => `${c.method}${c.seq ?? ''}`)).toEqual(['sessionStarted', 'batch0', 'batch1']);
      expect(await unprocessed(b, s.sessionId)).toBe(0);
      // The tracker resends what it did not see acknowledged: stored once.
      const resent = await sendBatch(b.t, one, { token: s.token });
      expect(resent.body.data).toEqual({ seq: 1, duplicate: true });
      const blobs = await b.t.kernel.resolve(coreServices.blobs).list(`ingest/${a.projectId}/${s.sessionId}/`);
      expect(blobs).toHaveLength(2);
    } finally {
      await b.t.close();
    }
  }, 60_000);
});

describe('a big batch in slices', () => {
  let w: IngestWorld;
  const calls: ProcessorCall[] = [];
  let failSlice = -1;
  beforeAll(async () => {
    w = await bootIngest({
      settings: { sliceEvents: 10 },
      plugins: [
        probePlugin(calls, {
          ids: [
            { id: 'summary', order: 10, slices: true },
            { id: 'index', order: 20 },
            { id: 'grouping', order: 30, slices: true },
          ],
          fail: (call) => call.processor === 'grouping' && (call.detail as DecodedBatch).slice?.index === failSlice && (failSlice = -1) === -1,
        }),
      ],
    });
  });
  afterAll(async () => w?.t.close());

  const batchCalls = (sessionId: string) => calls.filter((c) => c.sessionId === sessionId && c.method === 'batch');
  const describeCall = (c: ProcessorCall) => {
    const b = c.detail as DecodedBatch;
    return `${c.processor} ${c.seq}${b.slice ? ` ${b.slice.index + 1}/${b.slice.count}` : ''}`;
  };

  it('hands processors that take slices a big batch a slice at a time, in time order, and the others the whole batch once in their turn', async () => {
    const s = await newSession(w);
    const t0 = Date.now();
    // 25 events: recording events and clicks interleaved in time, some at the same millisecond.
    const big = batch(s.sessionId, 0, {
      recording: Array.from({ length: 10 }, (_, i) => ({ type: 3, timestamp: t0 + i * 3, data: { source: 2, n: i } })),
      events: Array.from({ length: 15 }, (_, i) => ({ type: 'click' as const, ts: t0 + i * 2, selector: `#b${i}`, label: `B${i}` })),
    });
    await sendBatch(w.t, big, { token: s.token });
    await sendBatch(w.t, batch(s.sessionId, 1, { final: true }), { token: s.token });
    await waitFor(async () => (await sessionState(w, s.sessionId))?.ended, 'the session to end');

    expect(batchCalls(s.sessionId).map(describeCall)).toEqual([
      'summary 0 1/3',
      'grouping 0 1/3',
      'summary 0 2/3',
      'grouping 0 2/3',
      'summary 0 3/3',
      'index 0',
      'grouping 0 3/3',
      'summary 1',
      'index 1',
      'grouping 1',
    ]);
    const slices = batchCalls(s.sessionId)
      .filter((c) => c.processor === 'summary' && c.seq === 0)
      .map((c) => c.detail as DecodedBatch);
    expect(slices.map((b) => b.slice)).toEqual([
      { index: 0, count: 3, eventOffset: 0, recordingOffset: 0 },
      { index: 1, count: 3, eventOffset: 6, recordingOffset: 4 },
      { index: 2, count: 3, eventOffset: 12, recordingOffset: 8 },
    ]);
    // Every event once, in the batch's order; each slice in time order after the one before.
    expect(slices.flatMap((b) => b.events)).toEqual(big.events.map((e) => ({ ...e, ts: expect.any(Number) })));
    expect(slices.flatMap((b) => b.recording).map((e) => (e.data as { n: number }).n)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    for (let i = 1; i < slices.length; i++) {
      const before = Math.max(...slices[i - 1]!.events.map((e) => e.ts), ...slices[i - 1]!.recording.map((e) => e.timestamp));
      const after = Math.min(...slices[i]!.events.map((e) => e.ts), ...slices[i]!.recording.map((e) => e.timestamp));
      expect(before).toBeLessThanOrEqual(after);
    }
    const whole = batchCalls(s.sessionId).find((c) => c.processor === 'index' && c.seq === 0)!.detail as DecodedBatch;
    expect(whole.slice).toBeUndefined();
    expect(whole.events).toHaveLength(15);
    expect(whole.recording).toHaveLength(10);
  });

  it('delivers the batch again from its first slice when a processor fails on a later one', async () => {
    const s = await newSession(w);
    const t0 = Date.now();
    failSlice = 1;
    await sendBatch(w.t, batch(s.sessionId, 0, { events: Array.from({ length: 19 }, (_, i) => ({ type: 'click' as const, ts: t0 + i, selector: '#b', label: 'B' })), final: true }), { token: s.token });
    await waitFor(async () => (await sessionState(w, s.sessionId))?.ended, 'the session to end');
    expect(batchCalls(s.sessionId).map(describeCall)).toEqual([
      'summary 0 1/2',
      'grouping 0 1/2',
      'summary 0 2/2',
      'index 0',
      // grouping failed on slice 2: the job's next attempt starts the batch over.
      'summary 0 1/2',
      'grouping 0 1/2',
      'summary 0 2/2',
      'index 0',
      'grouping 0 2/2',
    ]);
  });
});
