import type { RecordingEvent } from '@cassette/plugin-ingest/api';

/**
 * The few rrweb event kinds the heuristics read (numbers from rrweb's `EventType` and
 * `IncrementalSource`; the server does not depend on rrweb).
 */
const FULL_SNAPSHOT = 2;
const INCREMENTAL = 3;
const META = 4;
const SOURCE_MUTATION = 0;
const SOURCE_MOUSE_INTERACTION = 2;
const SOURCE_SCROLL = 3;
const SOURCE_VIEWPORT_RESIZE = 4;
const SOURCE_INPUT = 5;

function source(e: RecordingEvent): number | null {
  if (e.type !== INCREMENTAL || typeof e.data !== 'object' || e.data === null) return null;
  const s = (e.data as { source?: unknown }).source;
  return typeof s === 'number' ? s : null;
}

export const isFullSnapshot = (e: RecordingEvent): boolean => e.type === FULL_SNAPSHOT;
export const isMutation = (e: RecordingEvent): boolean => source(e) === SOURCE_MUTATION;
export const isRecordedInput = (e: RecordingEvent): boolean => source(e) === SOURCE_INPUT;
/** Clicks, taps, focus changes: the user did something (mouse moves alone do not count). */
export const isMouseInteraction = (e: RecordingEvent): boolean => source(e) === SOURCE_MOUSE_INTERACTION;

/** A scroll of one element (`id` is rrweb's node id; the document has its own). */
export function scrollOf(e: RecordingEvent): { id: number; y: number } | null {
  if (source(e) !== SOURCE_SCROLL) return null;
  const { id, y } = e.data as { id?: unknown; y?: unknown };
  return typeof y === 'number' && Number.isFinite(y) ? { id: typeof id === 'number' ? id : 0, y } : null;
}

/** The viewport height a meta event (page load) or a viewport resize announces. */
export function viewportHeightOf(e: RecordingEvent): number | null {
  if ((e.type !== META && source(e) !== SOURCE_VIEWPORT_RESIZE) || typeof e.data !== 'object' || e.data === null) return null;
  const h = (e.data as { height?: unknown }).height;
  return typeof h === 'number' && Number.isFinite(h) && h > 0 ? h : null;
}
