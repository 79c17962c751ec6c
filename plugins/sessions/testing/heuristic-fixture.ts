// Test support: feeds a heuristic items one by one, storing its state as JSON between them
// the way the processor stores it between batches, so a state that is not plain JSON fails.
import type { RecordingEvent, TrackerEvent } from '@cassette/plugin-ingest/api';
import type { DetectedIssue, Heuristic, TimelineItem } from '../server/issues/heuristic.js';

export const T0 = Date.UTC(2026, 10, 20, 10, 0, 0);

type Tracked = { [K in TrackerEvent['type']]: Omit<Extract<TrackerEvent, { type: K }>, 'ts'> }[TrackerEvent['type']];

let nextIdx = 0;

/** A tracker event `at` ms after T0 (seq 0, page 0 unless told). */
export function ev(at: number, event: Tracked, where: { seq?: number; idx?: number; pageNo?: number } = {}): TimelineItem {
  const ts = T0 + at;
  return { source: 'event', ts, seq: where.seq ?? 0, idx: where.idx ?? nextIdx++, pageNo: where.pageNo ?? 0, event: { ...event, ts } as TrackerEvent };
}

/** An rrweb event `at` ms after T0. */
export function rec(at: number, type: number, data: unknown, where: { seq?: number; idx?: number; pageNo?: number } = {}): TimelineItem {
  const ts = T0 + at;
  return { source: 'recording', ts, seq: where.seq ?? 0, idx: where.idx ?? nextIdx++, pageNo: where.pageNo ?? 0, event: { type, timestamp: ts, data } as RecordingEvent };
}

export const mutation = (at: number, where?: { seq?: number; pageNo?: number }) => rec(at, 3, { source: 0, adds: [], removes: [], texts: [], attributes: [] }, where);
export const scroll = (at: number, y: number, id = 1) => rec(at, 3, { source: 3, id, x: 0, y });
export const click = (at: number, selector: string, extra: { label?: string; tag?: string; seq?: number; idx?: number; pageNo?: number } = {}) =>
  ev(at, { type: 'click', selector, label: extra.label ?? '', ...(extra.tag ? { tag: extra.tag } : {}) }, extra);

export function run<S>(h: Heuristic<S>, items: TimelineItem[], endedAt?: number): DetectedIssue[] {
  let stored = JSON.stringify(h.initial());
  const found: DetectedIssue[] = [];
  for (const item of items) {
    const state = JSON.parse(stored) as S;
    found.push(...h.observe(state, item));
    stored = JSON.stringify(state);
  }
  if (endedAt !== undefined && h.finish) found.push(...h.finish(JSON.parse(stored) as S, T0 + endedAt));
  return found;
}
