import type { DecodedBatch } from '@cassette/plugin-ingest/api';
import type { IssueType } from '../../shared/issue-types.js';
import { eventTime } from '../event-rows.js';
import { badRequest } from './bad-request.js';
import { clickRage } from './click-rage.js';
import { cpu } from './cpu.js';
import { crash } from './crash.js';
import { customIssue } from './custom-issue.js';
import { customEventError } from './custom-event-error.js';
import { deadClick } from './dead-click.js';
import { excessiveScrolling } from './excessive-scrolling.js';
import type { DetectedIssue, Heuristic, TimelineItem } from './heuristic.js';
import { jsException } from './js-exception.js';
import { memory } from './memory.js';
import { missingResource } from './missing-resource.js';
import { slowPageLoad } from './slow-page-load.js';
import { slowResource } from './slow-resource.js';

export type { DetectedIssue } from './heuristic.js';

const HEURISTICS: readonly Heuristic<unknown>[] = [
  clickRage,
  deadClick,
  excessiveScrolling,
  badRequest,
  missingResource,
  slowResource,
  slowPageLoad,
  memory,
  cpu,
  crash,
  jsException,
  customIssue,
  customEventError,
] as Heuristic<unknown>[];

/** Everything the heuristics remember between batches of one session; plain JSON. */
export interface DetectorState {
  byType: Partial<Record<IssueType, unknown>>;
}

export type DetectorBatch = Pick<DecodedBatch, 'seq' | 'pageNo' | 'receivedAt' | 'recording' | 'events' | 'slice'>;

export function initialDetectorState(): DetectorState {
  return { byType: Object.fromEntries(HEURISTICS.map((h) => [h.type, h.initial()])) };
}

/** A private copy to work on; a heuristic added since the state was stored starts fresh. */
function working(state: DetectorState | null): DetectorState {
  const copy: DetectorState = state ? structuredClone(state) : initialDetectorState();
  copy.byType ??= {};
  for (const h of HEURISTICS) if (copy.byType[h.type] === undefined) copy.byType[h.type] = h.initial();
  return copy;
}

/**
 * The batch's semantic and DOM events as one timeline, in time order (server clock). At the
 * same millisecond a tracker event goes first: a click and the mutation it caused often share it.
 * Items of a slice carry their index in the whole batch.
 */
export function timeline(batch: DetectorBatch): TimelineItem[] {
  const items: TimelineItem[] = [];
  const eventOffset = batch.slice?.eventOffset ?? 0;
  const recordingOffset = batch.slice?.recordingOffset ?? 0;
  batch.events.forEach((event, i) => {
    if (event && typeof event === 'object') items.push({ source: 'event', ts: eventTime(event.ts, batch.receivedAt).getTime(), seq: batch.seq, idx: eventOffset + i, pageNo: batch.pageNo, event });
  });
  batch.recording.forEach((event, i) => {
    if (event && typeof event === 'object') items.push({ source: 'recording', ts: eventTime(event.timestamp, batch.receivedAt).getTime(), seq: batch.seq, idx: recordingOffset + i, pageNo: batch.pageNo, event });
  });
  const rank = (i: TimelineItem) => (i.source === 'event' ? 0 : 1);
  return items.sort((a, b) => a.ts - b.ts || rank(a) - rank(b) || a.idx - b.idx);
}

function byTime(a: DetectedIssue, b: DetectedIssue): number {
  return a.timestamp - b.timestamp || a.seq - b.seq || a.idx - b.idx || a.type.localeCompare(b.type);
}

/**
 * Runs every heuristic over one batch, given the state the previous batches left (null for
 * the first). Pure: the given state is not changed; the answer holds the state to store.
 */
export function detectIssues(state: DetectorState | null, batch: DetectorBatch): { state: DetectorState; issues: DetectedIssue[] } {
  const next = working(state);
  const issues: DetectedIssue[] = [];
  for (const item of timeline(batch)) {
    for (const h of HEURISTICS) issues.push(...h.observe(next.byType[h.type], item));
  }
  return { state: next, issues: issues.sort(byTime) };
}

/** The session ended at `endedAt` (epoch ms): the decisions that waited for the end. */
export function finishIssues(state: DetectorState | null, endedAt: number): { state: DetectorState; issues: DetectedIssue[] } {
  const next = working(state);
  const issues: DetectedIssue[] = [];
  for (const h of HEURISTICS) if (h.finish) issues.push(...h.finish(next.byType[h.type], endedAt));
  return { state: next, issues: issues.sort(byTime) };
}
