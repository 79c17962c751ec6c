import { gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Batcher, type SealedBatch } from './batcher';
import { gzip } from './compress';
import { BatchSender, type SenderDeps } from './sender';

interface Call {
  url: string;
  init: RequestInit;
  body: { seq: number; recording: unknown[]; events: unknown[] };
}

/** A scripted ingest server: each call takes the next answer (the last one repeats). */
function fakeServer(answers: Array<() => Response | Promise<Response>>) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const raw = init!.body as string | Uint8Array;
    const text = typeof raw === 'string' ? raw : gunzipSync(raw).toString('utf8');
    calls.push({ url: String(url), init: init!, body: JSON.parse(text) });
    const answer = answers[Math.min(calls.length - 1, answers.length - 1)]!;
    return answer();
  });
  return { calls, fetch: fetch as unknown as typeof globalThis.fetch };
}

const ok = (seq = 0, duplicate = false) => () => Response.json({ data: { seq, duplicate } });
const status = (code: number, headers: Record<string, string> = {}) => () => new Response(JSON.stringify({ errors: ['x'] }), { status: code, headers });
const networkError = () => () => Promise.reject(new TypeError('Failed to fetch'));

function batch(seq: number, recording = 1, events = 1, size = 10): SealedBatch {
  const b = new Batcher({ flushBytes: 1e9, onFull: () => undefined });
  for (let i = 0; i < recording; i++) b.addRecording({ type: 3, timestamp: i, data: { t: 'r'.repeat(size) } });
  for (let i = 0; i < events; i++) b.addEvent({ type: 'custom', ts: i, name: 'e'.repeat(size) });
  return b.seal({ sessionId: 's1', seq, pageNo: 0, now: 1 })!;
}

function sender(fetch: typeof globalThis.fetch, over: Partial<SenderDeps> = {}) {
  let token = 'tok-1';
  const deps: SenderDeps = {
    batchUrl: 'https://ingest.test/api/ingest/v1/batch',
    fetch,
    compress: gzip,
    getToken: () => token,
    onUnauthorized: async () => {
      token = 'tok-2';
      return true;
    },
    random: () => 0,
    maxQueueBytes: 1e6,
    maxQueueBatches: 100,
    keepaliveBytes: 60 * 1024,
    ...over,
  };
  return new BatchSender(deps);
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('sending', () => {
  it('sends batches in sequence order, gzip-compressed, with the bearer token, and forgets them once acknowledged', async () => {
    const server = fakeServer([ok(0), ok(1, true)]);
    const s = sender(server.fetch);
    s.enqueue(batch(0));
    s.enqueue(batch(1));
    await vi.waitFor(() => expect(server.calls).toHaveLength(2));
    await s.whenIdle();
    expect(server.calls.map((c) => c.body.seq)).toEqual([0, 1]);
    const first = server.calls[0]!;
    expect(first.url).toBe('https://ingest.test/api/ingest/v1/batch');
    expect(first.init.headers).toMatchObject({ 'Content-Type': 'application/octet-stream', Authorization: 'Bearer tok-1' });
    expect(first.init.credentials).toBe('omit');
    expect(Array.from((first.init.body as Uint8Array).slice(0, 2))).toEqual([0x1f, 0x8b]);
    expect(s.pending()).toEqual([]);
    expect(s.stats).toMatchObject({ sent: 2, duplicates: 1 });
  });

  it('sends plain JSON when the browser cannot compress', async () => {
    const server = fakeServer([ok()]);
    const s = sender(server.fetch, { compress: undefined });
    s.enqueue(batch(0));
    await vi.waitFor(() => expect(server.calls).toHaveLength(1));
    expect(server.calls[0]!.init.headers).toMatchObject({ 'Content-Type': 'application/json' });
  });

  it('marks small requests keepalive while the page is hidden', async () => {
    const server = fakeServer([ok()]);
    const s = sender(server.fetch);
    s.setHidden(true);
    s.enqueue(batch(0));
    await vi.waitFor(() => expect(server.calls).toHaveLength(1));
    expect(server.calls[0]!.init.keepalive).toBe(true);
  });
});

describe('retries', () => {
  it('honours Retry-After on 503 and 429: no retry before the time named', async () => {
    const server = fakeServer([status(503, { 'Retry-After': '7' }), status(429, { 'Retry-After': '3' }), ok()]);
    // Uncompressed: every step is a promise, so fake time alone drives the retries.
    const s = sender(server.fetch, { compress: undefined });
    s.enqueue(batch(0));
    await vi.waitFor(() => expect(server.calls).toHaveLength(1));
    await vi.advanceTimersByTimeAsync(6_900);
    expect(server.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(server.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2_800);
    expect(server.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(200);
    expect(server.calls).toHaveLength(3);
    await s.whenIdle();
    expect(s.pending()).toEqual([]);
    expect(s.stats.retries).toBe(2);
  });

  it('backs off exponentially on network errors and 5xx, then delivers', async () => {
    const server = fakeServer([networkError(), networkError(), status(500), ok()]);
    const s = sender(server.fetch, { compress: undefined });
    s.enqueue(batch(0));
    await vi.waitFor(() => expect(server.calls).toHaveLength(1));
    // random() = 0: delays are half of 1 s, 2 s, 4 s.
    await vi.advanceTimersByTimeAsync(499);
    expect(server.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2);
    expect(server.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(server.calls).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(server.calls).toHaveLength(4);
    expect(s.pending()).toEqual([]);
  });

  it('drops a batch on 409 (already stored) and goes on with the next', async () => {
    const server = fakeServer([status(409), ok(1)]);
    const s = sender(server.fetch);
    s.enqueue(batch(0));
    s.enqueue(batch(1));
    await vi.waitFor(() => expect(server.calls).toHaveLength(2));
    await s.whenIdle();
    expect(server.calls.map((c) => c.body.seq)).toEqual([0, 1]);
    expect(s.pending()).toEqual([]);
  });

  it('on 401 starts again (resume) and resends with the new token', async () => {
    const server = fakeServer([status(401), ok()]);
    const onUnauthorized = vi.fn();
    let token = 'old';
    const s = sender(server.fetch, {
      getToken: () => token,
      onUnauthorized: async () => {
        onUnauthorized();
        token = 'new';
        return true;
      },
    });
    s.enqueue(batch(0));
    await vi.waitFor(() => expect(server.calls).toHaveLength(2));
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(server.calls[0]!.init.headers).toMatchObject({ Authorization: 'Bearer old' });
    expect(server.calls[1]!.init.headers).toMatchObject({ Authorization: 'Bearer new' });
  });

  it('stops when the restart says the session may not continue', async () => {
    const server = fakeServer([status(401)]);
    const onStopped = vi.fn();
    const s = sender(server.fetch, { onUnauthorized: async () => false, onStopped });
    s.enqueue(batch(0));
    await vi.waitFor(() => expect(onStopped).toHaveBeenCalledWith('unauthorized'));
    s.enqueue(batch(1));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.calls).toHaveLength(1);
  });

  it('on 413 keeps the searchable events and gives up the recording of that batch', async () => {
    const server = fakeServer([status(413), ok()]);
    const dropped = vi.fn();
    const s = sender(server.fetch, { onDataDropped: dropped });
    s.enqueue(batch(0, 3, 2));
    await vi.waitFor(() => expect(server.calls).toHaveLength(2));
    expect(server.calls[1]!.body.recording).toEqual([]);
    expect(server.calls[1]!.body.events).toHaveLength(2);
    expect(s.stats.droppedRecordingEvents).toBe(3);
    expect(dropped).toHaveBeenCalled();
  });

  it('drops a batch the server refuses as invalid instead of retrying forever', async () => {
    const server = fakeServer([status(400), ok(1)]);
    const s = sender(server.fetch);
    s.enqueue(batch(0));
    s.enqueue(batch(1));
    await vi.waitFor(() => expect(server.calls).toHaveLength(2));
    expect(s.stats.droppedBatches).toBe(1);
  });
});

describe('memory cap while the server is down', () => {
  it('drops the oldest recording data first, then old events, keeping every sequence number', async () => {
    const server = fakeServer([networkError()]);
    const onDataDropped = vi.fn();
    const s = sender(server.fetch, { maxQueueBytes: 4_500, onDataDropped });
    for (let seq = 0; seq < 12; seq++) {
      s.enqueue(batch(seq, 1, 1, 400));
      const pending = s.pending();
      expect(s.queuedBytes).toBeLessThanOrEqual(4_500);
      // The batch in flight is never touched.
      expect(pending[0]!.recordingCount).toBe(1);
      const rest = pending.slice(1);
      // Stripped batches are the oldest ones: once one keeps its recording, all newer ones do.
      const firstKept = rest.findIndex((b) => b.recordingCount === 1);
      if (firstKept >= 0) expect(rest.slice(firstKept).every((b) => b.recordingCount === 1)).toBe(true);
      // Events go only once no older recording is left to give up.
      if (rest.some((b) => b.eventCount === 0)) expect(rest.slice(0, -1).every((b) => b.recordingCount === 0)).toBe(true);
    }
    expect(s.pending().map((b) => b.seq)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(s.stats.droppedRecordingEvents).toBeGreaterThan(0);
    expect(s.stats.droppedEvents).toBeGreaterThan(0);
    expect(onDataDropped).toHaveBeenCalled();
  });

  it('caps the number of batches', () => {
    const server = fakeServer([networkError()]);
    const s = sender(server.fetch, { maxQueueBatches: 5 });
    for (let seq = 0; seq < 9; seq++) s.enqueue(batch(seq));
    expect(s.pending()).toHaveLength(5);
    expect(s.stats.droppedBatches).toBe(4);
    expect(s.pending().at(-1)!.seq).toBe(8);
  });
});

describe('page unload', () => {
  it('hands batches to sendBeacon with the token in the query, within 60 KB', () => {
    const server = fakeServer([networkError()]);
    const beacons: Array<{ url: string; body: string }> = [];
    const s = sender(server.fetch, {
      sendBeacon: (url, body) => {
        beacons.push({ url, body });
        return true;
      },
    });
    s.stop(); // nothing in flight: only the unload path sends
    (s as unknown as { stopped: boolean }).stopped = false;
    for (let seq = 0; seq < 4; seq++) (s as unknown as { queue: SealedBatch[] }).queue.push(batch(seq, 1, 1, 12_000));
    const sent = s.flushOnUnload();
    expect(sent).toBe(2);
    expect(beacons[0]!.url).toBe('https://ingest.test/api/ingest/v1/batch?token=tok-1');
    expect(JSON.parse(beacons[0]!.body).seq).toBe(0);
    expect(beacons.reduce((n, b) => n + b.body.length, 0)).toBeLessThanOrEqual(60 * 1024);
    // Still queued: if they were lost, the next page resends them (the server dedupes).
    expect(s.pending()).toHaveLength(4);
  });

  it('falls back to a keepalive text/plain fetch when the beacon is refused', () => {
    const server = fakeServer([ok()]);
    const s = sender(server.fetch, { sendBeacon: () => false });
    s.stop();
    (s as unknown as { stopped: boolean }).stopped = false;
    (s as unknown as { queue: SealedBatch[] }).queue.push(batch(0));
    expect(s.flushOnUnload()).toBe(1);
    const call = server.calls[0]!;
    expect(call.url).toContain('?token=tok-1');
    expect(call.init).toMatchObject({ keepalive: true, method: 'POST', headers: { 'Content-Type': 'text/plain' } });
  });
});
