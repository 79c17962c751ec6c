import { issueAt, trackerEvent, type DetectedIssue, type Heuristic, type TimelineItem } from './heuristic.js';
import { CLICK_RAGE_MAX_GAP_MS, CLICK_RAGE_MIN_CLICKS } from './thresholds.js';

interface Burst {
  selector: string;
  label: string;
  /** The first click: the issue is stored under its position, so a replay finds the same id. */
  ts: number;
  seq: number;
  idx: number;
  lastTs: number;
  count: number;
}

export interface ClickRageState {
  burst: Burst | null;
}

function close(burst: Burst | null): DetectedIssue[] {
  if (!burst || burst.count < CLICK_RAGE_MIN_CLICKS) return [];
  return [issueAt('click_rage', burst, burst.selector, { count: burst.count, selector: burst.selector, label: burst.label })];
}

/**
 * Rapid clicks on one target: CLICK_RAGE_MIN_CLICKS or more on the same selector, each less
 * than CLICK_RAGE_MAX_GAP_MS after the previous one. A click on another selector ends the
 * burst (interleaved targets are two users' worth of intent, not rage). The issue is raised
 * once the burst is over, with its final count: at the first item at least the gap after the
 * last click, or when the session ends.
 */
export const clickRage: Heuristic<ClickRageState> = {
  type: 'click_rage',
  initial: () => ({ burst: null }),

  observe(state, item: TimelineItem) {
    const burst = state.burst;
    const click = trackerEvent(item, 'click');
    const continues = click !== null && burst !== null && click.selector === burst.selector && item.ts - burst.lastTs < CLICK_RAGE_MAX_GAP_MS;
    if (continues) {
      burst.count += 1;
      burst.lastTs = item.ts;
      if (click.label) burst.label = click.label;
      return [];
    }
    const stillOpen = burst !== null && click === null && item.ts - burst.lastTs < CLICK_RAGE_MAX_GAP_MS;
    if (stillOpen) return [];
    const found = close(burst);
    state.burst = click ? { selector: click.selector, label: click.label ?? '', ts: item.ts, seq: item.seq, idx: item.idx, lastTs: item.ts, count: 1 } : null;
    return found;
  },

  finish(state) {
    const found = close(state.burst);
    state.burst = null;
    return found;
  },
};
