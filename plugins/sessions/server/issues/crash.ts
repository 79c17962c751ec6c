import { isMouseInteraction, isRecordedInput, scrollOf } from './recording-kinds.js';
import { text } from '../event-rows.js';
import { ERROR_TEXT_MAX, isUncaught } from './js-exception.js';
import { issueAt, trackerEvent, type Heuristic, type TimelineItem } from './heuristic.js';
import { CRASH_WINDOW_MS } from './thresholds.js';

interface LastError {
  ts: number;
  seq: number;
  idx: number;
  name: string;
  message: string;
}

export interface CrashState {
  /** The latest uncaught error not followed by user activity. */
  error: LastError | null;
}

/** The user still did something: clicked, typed, scrolled, or moved to another page (mouse moves do not count). */
function isUserActivity(item: TimelineItem): boolean {
  if (item.source === 'recording') return isMouseInteraction(item.event) || isRecordedInput(item.event) || scrollOf(item.event) !== null;
  return item.event.type === 'click' || item.event.type === 'input' || item.event.type === 'page';
}

/**
 * The page died: an uncaught error, then nothing from the user, and the session ended within
 * CRASH_WINDOW_MS of the error. Decided when the session ends; the context is the error.
 */
export const crash: Heuristic<CrashState> = {
  type: 'crash',
  initial: () => ({ error: null }),
  observe(state, item) {
    const error = trackerEvent(item, 'error');
    if (error && isUncaught(error.source)) state.error = { ts: item.ts, seq: item.seq, idx: item.idx, name: text(error.name, ERROR_TEXT_MAX) ?? '', message: text(error.message, ERROR_TEXT_MAX) ?? '' };
    else if (isUserActivity(item)) state.error = null;
    return [];
  },
  finish(state, endedAt) {
    const error = state.error;
    state.error = null;
    if (!error || endedAt - error.ts > CRASH_WINDOW_MS) return [];
    return [issueAt('crash', error, `${error.name}: ${error.message}`, { name: error.name, message: error.message, endedAfterMs: Math.max(0, endedAt - error.ts) })];
  },
};
