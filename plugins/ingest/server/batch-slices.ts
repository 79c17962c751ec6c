import type { DecodedBatch } from '../api.js';

const timeOf = (ts: unknown) => (typeof ts === 'number' && Number.isFinite(ts) ? ts : 0);

/**
 * A stored batch as processors that take slices receive it: the batch itself when it holds at
 * most `maxEvents` events (recording and semantic together), else slices of `maxEvents` events,
 * each a run of both arrays taken in time order (at the same millisecond the semantic event
 * first, as the issue heuristics order them). The cut depends only on the batch and
 * `maxEvents`, so a repeated delivery cuts the same slices.
 */
export function sliceBatch(batch: DecodedBatch, maxEvents: number): DecodedBatch[] {
  const { events, recording } = batch;
  const total = events.length + recording.length;
  if (total <= maxEvents) return [batch];
  const ends: { e: number; r: number }[] = [];
  let e = 0;
  let r = 0;
  while (e + r < total) {
    const takeEvent = e < events.length && (r >= recording.length || timeOf(events[e]!.ts) <= timeOf(recording[r]!.timestamp));
    if (takeEvent) e++;
    else r++;
    if ((e + r) % maxEvents === 0 || e + r === total) ends.push({ e, r });
  }
  return ends.map((end, index) => {
    const start = index === 0 ? { e: 0, r: 0 } : ends[index - 1]!;
    return {
      ...batch,
      events: events.slice(start.e, end.e),
      recording: recording.slice(start.r, end.r),
      final: batch.final && index === ends.length - 1,
      slice: { index, count: ends.length, eventOffset: start.e, recordingOffset: start.r },
    };
  });
}
