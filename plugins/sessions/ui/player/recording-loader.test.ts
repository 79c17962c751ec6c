import { describe, expect, it, vi } from 'vitest';
import type { RecordingChunk, RecordingIndex } from '../../shared/recording.js';
import { RecordingLoader, recordingLength, type RecordingSource } from './recording-loader.js';

const STARTED_AT = 1_700_000_000_000;

/** Chunk n spans [n*10 s + 100 ms, n*10 s + 9 s]; full snapshots in chunks 0 and 3. */
function indexOf(count: number, snapshots = [0, 3]): RecordingIndex {
  return {
    startedAt: STARTED_AT,
    chunks: Array.from({ length: count }, (_, n) => ({
      seq: n + 1,
      pageNo: 1,
      firstTimestamp: STARTED_AT + n * 10_000 + 100,
      lastTimestamp: STARTED_AT + n * 10_000 + 9_000,
      hasFullSnapshot: snapshots.includes(n),
      bytes: 1000,
    })),
  };
}

/** A fake API whose chunk answers the test releases one by one. */
function fakeSource(index: RecordingIndex | Error) {
  const pending = new Map<number, { resolve: (c: RecordingChunk) => void; reject: (e: unknown) => void }>();
  const requested: number[] = [];
  const source: RecordingSource = {
    fetchIndex: vi.fn(async () => {
      if (index instanceof Error) throw index;
      return index;
    }),
    fetchChunk: vi.fn(
      (seq: number) =>
        new Promise<RecordingChunk>((resolve, reject) => {
          requested.push(seq);
          pending.set(seq, { resolve, reject });
        }),
    ),
  };
  const flush = () => new Promise((r) => setTimeout(r, 0));
  async function answer(seq: number) {
    const base = STARTED_AT + (seq - 1) * 10_000;
    // Out of order on purpose: the loader sorts by timestamp.
    pending.get(seq)!.resolve({ seq, events: [{ type: 3, timestamp: base + 9_000, data: { source: 1 } }, { type: 2, timestamp: base + 100, data: { node: {} } }] });
    pending.delete(seq);
    await flush();
  }
  async function fail(seq: number) {
    pending.get(seq)!.reject(new Error('boom'));
    pending.delete(seq);
    await flush();
  }
  const inFlight = () => [...pending.keys()].sort((a, b) => a - b);
  return { source, requested, answer, fail, inFlight, flush };
}

describe('RecordingLoader', () => {
  it('fetches the index, then chunks in order, at most two at a time', async () => {
    const api = fakeSource(indexOf(5));
    const onChunk = vi.fn();
    const loader = new RecordingLoader({ source: api.source, onChunk });
    await loader.start();
    expect(api.inFlight()).toEqual([1, 2]);
    await api.answer(2);
    expect(api.inFlight()).toEqual([1, 3]);
    await api.answer(1);
    await api.answer(3);
    expect(api.inFlight()).toEqual([4, 5]);
    await api.answer(4);
    await api.answer(5);
    expect(api.requested).toEqual([1, 2, 3, 4, 5]);
    expect(onChunk.mock.calls.map((c) => c[0])).toEqual([1, 0, 2, 3, 4]);
    expect(onChunk.mock.calls[0]![1].map((e: { timestamp: number }) => e.timestamp)).toEqual([STARTED_AT + 10_100, STARTED_AT + 19_000]);
    expect(loader.complete).toBe(true);
  });

  it('runs every chunk through prepare before handing it on', async () => {
    const api = fakeSource(indexOf(1));
    const onChunk = vi.fn();
    const loader = new RecordingLoader({ source: api.source, onChunk, prepare: (events) => events.filter((e) => e.type === 2) });
    await loader.start();
    await api.answer(1);
    expect(onChunk).toHaveBeenCalledWith(0, [expect.objectContaining({ type: 2 })]);
    expect(loader.chunkAt(0)).toHaveLength(1);
  });

  it('reports playable and loaded time: playable only from a full snapshot on, to the end once the last chunk is in', async () => {
    const api = fakeSource(indexOf(5));
    const onProgress = vi.fn();
    const loader = new RecordingLoader({ source: api.source, onProgress });
    await loader.start();
    expect(onProgress).toHaveBeenLastCalledWith({ playable: [], loaded: [], complete: false, lastEventTime: 0 });
    await api.answer(2);
    // Chunk 2 has no full snapshot: downloaded, not playable yet.
    expect(onProgress).toHaveBeenLastCalledWith({ playable: [], loaded: [{ start: 10_100, end: 19_000 }], complete: false, lastEventTime: 19_000 });
    await api.answer(1);
    expect(loader.progress().playable).toEqual([{ start: 0, end: 19_000 }]);
    expect(loader.progress().loaded).toEqual([{ start: 0, end: 19_000 }]);
    await api.answer(3);
    await api.answer(4);
    await api.answer(5);
    expect(loader.progress()).toEqual({ playable: [{ start: 0, end: Number.POSITIVE_INFINITY }], loaded: [{ start: 0, end: 49_000 }], complete: true, lastEventTime: 49_000 });
  });

  it('a seek ahead fetches from the last full snapshot before the target first, then the rest', async () => {
    const api = fakeSource(indexOf(8));
    const loader = new RecordingLoader({ source: api.source });
    await loader.start();
    await api.answer(1);
    expect(api.inFlight()).toEqual([2, 3]);
    // 52 s is in chunk 6 (position 5); the last full snapshot before it is position 3 (seq 4).
    loader.prioritize(52_000);
    await api.answer(2);
    await api.answer(3);
    expect(api.inFlight()).toEqual([4, 5]);
    await api.answer(4);
    await api.answer(5);
    expect(api.inFlight()).toEqual([6, 7]);
    await api.answer(6);
    expect(loader.progress().playable).toEqual([
      { start: 0, end: 59_000 },
    ]);
    await api.answer(7);
    await api.answer(8);
    expect(api.requested).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('jumps the queue over earlier chunks, which come after', async () => {
    const api = fakeSource(indexOf(8));
    const loader = new RecordingLoader({ source: api.source });
    await loader.start();
    loader.prioritize(52_000);
    await api.answer(1);
    await api.answer(2);
    expect(api.inFlight()).toEqual([4, 5]);
    await api.answer(4);
    await api.answer(5);
    await api.answer(6);
    expect(loader.progress().playable).toEqual([
      { start: 0, end: 19_000 },
      { start: 30_100, end: 59_000 },
    ]);
    expect(api.inFlight()).toEqual([7, 8]);
    await api.answer(7);
    await api.answer(8);
    expect(api.inFlight()).toEqual([3]);
    await api.answer(3);
    expect(api.requested).toEqual([1, 2, 4, 5, 6, 7, 8, 3]);
  });

  it('never fetches a chunk twice, whatever the seeks', async () => {
    const api = fakeSource(indexOf(4));
    const loader = new RecordingLoader({ source: api.source });
    await loader.start();
    for (const seq of [1, 2, 3, 4]) {
      loader.prioritize(0);
      loader.prioritize(35_000);
      if (api.inFlight().includes(seq)) await api.answer(seq);
      else await api.answer(api.inFlight()[0]!);
    }
    while (api.inFlight().length) await api.answer(api.inFlight()[0]!);
    loader.prioritize(5_000);
    loader.prioritize(38_000);
    await api.flush();
    expect(api.requested.sort()).toEqual([1, 2, 3, 4]);
    expect(loader.complete).toBe(true);
  });

  it('knows where playback of a time must start', async () => {
    const loader = new RecordingLoader({ source: fakeSource(indexOf(6)).source });
    await loader.start();
    expect(loader.positionAt(0)).toBe(0);
    expect(loader.positionAt(25_000)).toBe(2);
    expect(loader.snapshotPositionFor(25_000)).toBe(0);
    expect(loader.snapshotPositionFor(30_100)).toBe(3);
    expect(loader.snapshotPositionFor(59_999)).toBe(3);
    expect(loader.chunkStart(3)).toBe(30_100);
  });

  it('reports a failed index and a failed chunk, and retries only what failed', async () => {
    const noIndex = fakeSource(new Error('404'));
    const onIndexError = vi.fn();
    await new RecordingLoader({ source: noIndex.source, onError: onIndexError }).start();
    expect(onIndexError).toHaveBeenCalledTimes(1);

    const api = fakeSource(indexOf(3));
    const onError = vi.fn();
    const loader = new RecordingLoader({ source: api.source, onError });
    await loader.start();
    await api.fail(1);
    expect(onError).toHaveBeenCalledTimes(1);
    await api.answer(2);
    await api.answer(3);
    expect(loader.complete).toBe(false);
    expect(loader.progress().playable).toEqual([]);
    loader.retry();
    expect(api.inFlight()).toEqual([1]);
    await api.answer(1);
    expect(loader.complete).toBe(true);
    expect(api.requested).toEqual([1, 2, 3, 1]);
  });

  it('reads the index again once everything is in, and streams chunks that appeared since', async () => {
    const first = indexOf(2);
    const grown = indexOf(4);
    let reads = 0;
    const api = fakeSource(first);
    api.source.fetchIndex = vi.fn(async () => (++reads === 1 ? first : grown));
    const loader = new RecordingLoader({ source: api.source });
    await loader.start();
    await api.answer(1);
    await api.answer(2);
    expect(reads).toBe(2);
    expect(loader.complete).toBe(false);
    expect(loader.progress().playable).toEqual([{ start: 0, end: 19_000 }]);
    expect(api.inFlight()).toEqual([3, 4]);
    await api.answer(3);
    await api.answer(4);
    expect(reads).toBe(3);
    expect(loader.complete).toBe(true);
    expect(loader.progress().playable).toEqual([{ start: 0, end: Number.POSITIVE_INFINITY }]);
  });

  it('stays quiet once stopped', async () => {
    const api = fakeSource(indexOf(2));
    const onChunk = vi.fn();
    const loader = new RecordingLoader({ source: api.source, onChunk });
    await loader.start();
    loader.stop();
    await api.answer(1);
    expect(onChunk).not.toHaveBeenCalled();
  });
});

describe('recordingLength', () => {
  it('is the last DOM event of any chunk, before a single chunk is fetched', () => {
    const chunk = (seq: number, first: number | null, last: number | null) => ({ seq, pageNo: 0, firstTimestamp: first, lastTimestamp: last, hasFullSnapshot: seq === 0, bytes: 10 });
    expect(recordingLength({ startedAt: 1_000, chunks: [chunk(0, 1_010, 5_000), chunk(1, 6_000, 1_201_000), chunk(2, null, null)] })).toBe(1_200_000);
    expect(recordingLength({ startedAt: 1_000, chunks: [chunk(0, null, null)] })).toBe(0);
  });
});
