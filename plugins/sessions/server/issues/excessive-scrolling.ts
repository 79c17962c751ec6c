import { scrollOf, viewportHeightOf } from './recording-kinds.js';
import { issueAt, type Heuristic } from './heuristic.js';
import {
  DEFAULT_VIEWPORT_HEIGHT_PX,
  EXCESSIVE_SCROLL_MAX_TARGETS,
  EXCESSIVE_SCROLL_MIN_MOVE_PX,
  EXCESSIVE_SCROLL_REVERSALS,
  EXCESSIVE_SCROLL_VIEWPORTS,
  EXCESSIVE_SCROLL_WINDOW_MS,
} from './thresholds.js';

interface TargetScroll {
  lastTs: number;
  lastY: number;
  /** 1 down, -1 up, 0 not decided yet. */
  direction: number;
  /** The furthest point reached in the current direction: a reversal is measured from it. */
  turnY: number;
  /** [ts, pixels] of each move within the window. */
  moves: [number, number][];
  /** Times of the direction changes within the window. */
  reversals: number[];
  /** While the same episode goes on (scrolls keep coming) no second issue is raised. */
  quietUntil: number;
}

export interface ExcessiveScrollingState {
  viewportHeight: number;
  /** By rrweb node id of the scrolled element. */
  targets: Record<string, TargetScroll>;
}

function forgetOldest(targets: Record<string, TargetScroll>): void {
  const ids = Object.keys(targets);
  if (ids.length <= EXCESSIVE_SCROLL_MAX_TARGETS) return;
  ids.sort((a, b) => targets[a]!.lastTs - targets[b]!.lastTs);
  for (const id of ids.slice(0, ids.length - EXCESSIVE_SCROLL_MAX_TARGETS)) delete targets[id];
}

/** Follows the direction of travel; true when this move turned it around. */
function turned(t: TargetScroll, y: number): boolean {
  if (t.direction === 0) {
    if (Math.abs(y - t.turnY) >= EXCESSIVE_SCROLL_MIN_MOVE_PX) {
      t.direction = Math.sign(y - t.turnY);
      t.turnY = y;
    }
    return false;
  }
  if ((y - t.turnY) * t.direction > 0) {
    t.turnY = y;
    return false;
  }
  if ((t.turnY - y) * t.direction >= EXCESSIVE_SCROLL_MIN_MOVE_PX) {
    t.direction = -t.direction;
    t.turnY = y;
    return true;
  }
  return false;
}

/**
 * The user hunts for something: within EXCESSIVE_SCROLL_WINDOW_MS, on one scrolled element
 * (rrweb scroll events, incremental source 3), EXCESSIVE_SCROLL_REVERSALS direction changes
 * (each after moving EXCESSIVE_SCROLL_MIN_MOVE_PX the other way) or
 * EXCESSIVE_SCROLL_VIEWPORTS viewport heights scrolled in total. One issue per episode: after
 * one, the element must rest for a whole window before it can raise another.
 */
export const excessiveScrolling: Heuristic<ExcessiveScrollingState> = {
  type: 'excessive_scrolling',
  initial: () => ({ viewportHeight: DEFAULT_VIEWPORT_HEIGHT_PX, targets: {} }),

  observe(state, item) {
    if (item.source !== 'recording') return [];
    const height = viewportHeightOf(item.event);
    if (height !== null) state.viewportHeight = height;
    const scroll = scrollOf(item.event);
    if (!scroll) return [];
    const key = String(scroll.id);
    const t = state.targets[key];
    if (!t) {
      state.targets[key] = { lastTs: item.ts, lastY: scroll.y, direction: 0, turnY: scroll.y, moves: [], reversals: [], quietUntil: 0 };
      forgetOldest(state.targets);
      return [];
    }
    const distance = Math.abs(scroll.y - t.lastY);
    t.lastTs = item.ts;
    t.lastY = scroll.y;
    if (distance === 0) return [];
    const since = item.ts - EXCESSIVE_SCROLL_WINDOW_MS;
    t.moves = t.moves.filter(([ts]) => ts > since);
    t.moves.push([item.ts, distance]);
    t.reversals = t.reversals.filter((ts) => ts > since);
    if (turned(t, scroll.y)) t.reversals.push(item.ts);

    if (item.ts < t.quietUntil) {
      t.quietUntil = item.ts + EXCESSIVE_SCROLL_WINDOW_MS;
      t.moves = [];
      t.reversals = [];
      return [];
    }
    const screens = t.moves.reduce((sum, [, px]) => sum + px, 0) / state.viewportHeight;
    const reversals = t.reversals.length;
    if (reversals < EXCESSIVE_SCROLL_REVERSALS && screens < EXCESSIVE_SCROLL_VIEWPORTS) return [];
    t.quietUntil = item.ts + EXCESSIVE_SCROLL_WINDOW_MS;
    t.moves = [];
    t.reversals = [];
    const seconds = Math.round(EXCESSIVE_SCROLL_WINDOW_MS / 1000);
    const context =
      reversals >= EXCESSIVE_SCROLL_REVERSALS ? `Scrolled up and down ${reversals} times in ${seconds} s` : `Scrolled ${Math.round(screens)} screens in ${seconds} s`;
    return [issueAt('excessive_scrolling', item, context, { reversals, screens: Math.round(screens * 10) / 10, windowMs: EXCESSIVE_SCROLL_WINDOW_MS, nodeId: scroll.id })];
  },
};
