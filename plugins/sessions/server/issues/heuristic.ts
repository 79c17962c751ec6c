import type { RecordingEvent, TrackerEvent } from '@cassette/plugin-ingest/api';
import type { IssueType } from '../../shared/issue-types.js';
import { CONTEXT_STRING_MAX } from './thresholds.js';

/**
 * One moment of a session as the heuristics see it: a tracker event or an rrweb event of a
 * batch, with its time on the server clock and where it is stored (`seq`, `idx`). `idx` is the
 * position in the batch's `events` (the key of its `sessions_events` row) or, for rrweb
 * events, in the batch's `recording`.
 */
export type TimelineItem =
  | { source: 'event'; ts: number; seq: number; idx: number; pageNo: number; event: TrackerEvent }
  | { source: 'recording'; ts: number; seq: number; idx: number; pageNo: number; event: RecordingEvent };

/** An issue a heuristic found; `${type}:${seq}:${idx}` (the event that raised it) identifies it. */
export interface DetectedIssue {
  type: IssueType;
  contextString: string;
  /** Epoch ms, server clock. */
  timestamp: number;
  seq: number;
  idx: number;
  payload: Record<string, unknown>;
}

/**
 * A detector for one issue type. Its state is plain JSON (stored between batches in
 * `sessions_issue_state`); `observe` and `finish` may change the state they are given, which
 * is the detector run's private copy, and answer the issues found.
 */
export interface Heuristic<S> {
  readonly type: IssueType;
  initial(): S;
  /** Called for every item of the session, in time order. */
  observe(state: S, item: TimelineItem): DetectedIssue[];
  /** The session ended at `endedAt` (epoch ms, its last event): decide what was still open. */
  finish?(state: S, endedAt: number): DetectedIssue[];
}

/** Context strings are shown in lists: short, one line. */
export function contextText(value: string): string {
  const line = value.replace(/\s+/g, ' ').trim();
  return line.length > CONTEXT_STRING_MAX ? `${line.slice(0, CONTEXT_STRING_MAX - 1)}…` : line;
}

export function issueAt(type: IssueType, item: Pick<TimelineItem, 'ts' | 'seq' | 'idx'>, contextString: string, payload: Record<string, unknown>): DetectedIssue {
  return { type, contextString: contextText(contextString), timestamp: item.ts, seq: item.seq, idx: item.idx, payload };
}

/** The tracker event of an item, when it is one of the given kind. */
export function trackerEvent<K extends TrackerEvent['type']>(item: TimelineItem, type: K): Extract<TrackerEvent, { type: K }> | null {
  return item.source === 'event' && item.event.type === type ? (item.event as Extract<TrackerEvent, { type: K }>) : null;
}

export function finiteNumber(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}
