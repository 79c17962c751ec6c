import { describe, expect, it } from 'vitest';
import type { RecordingEvent, TrackerEvent } from '../api.js';
import { decodedBatch, ingestSession } from '../testing/session-fixtures.js';
import { sliceBatch } from './batch-slices.js';

const session = ingestSession(1, 1);
const click = (ts: number, n: number): TrackerEvent => ({ type: 'click', ts, selector: `#b${n}`, label: `B${n}` });
const move = (timestamp: number, n: number): RecordingEvent => ({ type: 3, timestamp, data: { n } });
const batchOf = (events: TrackerEvent[], recording: RecordingEvent[], final = false) => decodedBatch(session, 4, events, { recording, final });

/** Each slice's items in time order as the issue heuristics see them: "e<n>" and "r<n>" by index in the whole batch. */
const order = (slices: ReturnType<typeof sliceBatch>) =>
  slices.map((s) => [
    ...s.events.map((e, i) => `e${(s.slice?.eventOffset ?? 0) + i}@${e.ts}`),
    ...s.recording.map((e, i) => `r${(s.slice?.recordingOffset ?? 0) + i}@${e.timestamp}`),
  ]);

describe('sliceBatch', () => {
  it('hands a batch that fits back as it is', () => {
    const batch = batchOf([click(1, 0)], [move(1, 0)]);
    expect(sliceBatch(batch, 2)).toEqual([batch]);
    expect(sliceBatch(batch, 2)[0]).toBe(batch);
  });

  it('cuts both kinds of events in time order, a semantic event before a recording event of the same millisecond, and keeps `final` for the last slice', () => {
    const batch = batchOf([click(10, 0), click(20, 1), click(20, 2), click(40, 3)], [move(5, 0), move(20, 1), move(30, 2)], true);
    const slices = sliceBatch(batch, 3);
    // In time order: r0@5 e0@10 e1@20 e2@20 r1@20 r2@30 e3@40.
    expect(order(slices)).toEqual([['e0@10', 'e1@20', 'r0@5'], ['e2@20', 'r1@20', 'r2@30'], ['e3@40']]);
    expect(slices.map((s) => s.slice)).toEqual([
      { index: 0, count: 3, eventOffset: 0, recordingOffset: 0 },
      { index: 1, count: 3, eventOffset: 2, recordingOffset: 1 },
      { index: 2, count: 3, eventOffset: 3, recordingOffset: 3 },
    ]);
    expect(slices.map((s) => s.final)).toEqual([false, false, true]);
    expect(slices.every((s) => s.seq === 4 && s.sessionId === session.sessionId && s.receivedAt === batch.receivedAt)).toBe(true);
  });

  it('cuts a run of events at one millisecond too, so equal timestamps cannot make a slice as big as the batch', () => {
    const batch = batchOf(Array.from({ length: 7 }, (_, i) => click(100, i)), []);
    expect(sliceBatch(batch, 3).map((s) => s.events.length)).toEqual([3, 3, 1]);
  });

  it('takes every event exactly once, in the order of its array, whatever the timestamps', () => {
    const events = [50, 10, 90, 10, 70].map((ts, i) => click(ts, i));
    const recording = [60, 20, 80, 0].map((ts, i) => move(ts, i));
    const slices = sliceBatch(batchOf(events, recording), 2);
    expect(slices.flatMap((s) => s.events)).toEqual(events);
    expect(slices.flatMap((s) => s.recording)).toEqual(recording);
    expect(slices.every((s) => s.events.length + s.recording.length <= 2)).toBe(true);
  });
});
