import type { IssueType } from '../../shared/issue-types.js';

/**
 * Every number the issue heuristics use, in one place, so the rules can be read (and tuned)
 * without reading the detectors. The README's "Issue detection" section repeats them for
 * people; change both together.
 */

/** click_rage: this many clicks or more on the same selector... */
export const CLICK_RAGE_MIN_CLICKS = 3;
/** ...each less than this after the previous one (a gap of exactly 300 ms ends the burst). */
export const CLICK_RAGE_MAX_GAP_MS = 300;

/**
 * dead_click: a DOM change (mutation, navigation, input) at most this long after a click
 * means the page answered it. Browsers need a frame or two to react; 1.2 s is well past the
 * slowest answer users still perceive as a reaction.
 */
export const DEAD_CLICK_WINDOW_MS = 1_200;
/** Clicks on these elements answer by focusing (typing comes later): never dead. */
export const DEAD_CLICK_INPUT_TAGS: readonly string[] = ['input', 'textarea', 'select', 'option', 'label'];

/**
 * excessive_scrolling: within any window of this length, on one scrolled element...
 */
export const EXCESSIVE_SCROLL_WINDOW_MS = 10_000;
/** ...this many changes of vertical direction or more (the user hunts up and down for something)... */
export const EXCESSIVE_SCROLL_REVERSALS = 4;
/** ...or this many viewport heights scrolled in total (up and down added). */
export const EXCESSIVE_SCROLL_VIEWPORTS = 12;
/** A change of direction counts only after the page moved this far the other way (trackpad jitter is not hunting). */
export const EXCESSIVE_SCROLL_MIN_MOVE_PX = 50;
/** Viewport height when the recording carries no meta event to tell it. */
export const DEFAULT_VIEWPORT_HEIGHT_PX = 800;
/** Scrolled elements followed at once; beyond it the least recently scrolled one is forgotten (bounded state). */
export const EXCESSIVE_SCROLL_MAX_TARGETS = 20;

/**
 * slow_resource: a resource or fetch/XHR at least this long. The tracker reports page resources
 * only when they failed or took at least this long (sdk/tracker/src/performance-capture.ts).
 */
export const SLOW_RESOURCE_MS = 3_000;
/** slow_page_load: a page whose load event (else DOM complete) came at least this long after navigation start. */
export const SLOW_PAGE_LOAD_MS = 5_000;
/** bad_request: a response status at or above this (requests that failed before a response, status 0, are not). */
export const BAD_REQUEST_MIN_STATUS = 400;

/** memory: a sample using at least this share of the running average of the earlier samples (300 %)... */
export const MEMORY_SPIKE_RATIO = 3;
/** ...once this many samples made the average meaningful (the first minutes of a page grow the heap anyway). */
export const MEMORY_WARMUP_SAMPLES = 5;

/** cpu: samples at or above this load (0-100)... */
export const CPU_HIGH_PERCENT = 70;
/** ...one after the other, the first and the last this far apart or more. */
export const CPU_MIN_EPISODE_MS = 6_000;
/**
 * Samples further apart than this do not form one episode (the tracker samples every 5 s
 * while the page is visible and stops while it is hidden).
 */
export const CPU_MAX_SAMPLE_GAP_MS = 15_000;

/**
 * crash: an uncaught error (js_exception or unhandled_rejection) after which the session ended
 * within this long, with no user activity (click, input, scroll, page change) in between.
 */
export const CRASH_WINDOW_MS = 5_000;

/** Longest context string stored; URLs and messages beyond it are cut. */
export const CONTEXT_STRING_MAX = 500;

export interface IssueTypeInfo {
  /** The list name of spec part 2 §3 "Issue types list". */
  name: string;
  /** Hidden types are still stored and returned, with visible false. */
  visible: boolean;
  /** Points each issue of the type adds to the session's issue score (capped at ISSUE_SCORE_MAX). */
  weight: number;
}

/**
 * Names from spec part 2 §3 (Errors ... Custom); the spec names no list entry for
 * excessive_scrolling, slow_resource and slow_page_load, so they read like the others.
 * Weights rank how much an issue hurts the visit: a crash ends it, a slow image barely shows.
 */
export const ISSUE_TYPE_INFO: Readonly<Record<IssueType, IssueTypeInfo>> = {
  js_exception: { name: 'Errors', visible: true, weight: 15 },
  bad_request: { name: 'Bad Requests', visible: true, weight: 10 },
  missing_resource: { name: 'Missing Images', visible: true, weight: 5 },
  click_rage: { name: 'Click Rage', visible: true, weight: 20 },
  dead_click: { name: 'Dead Clicks', visible: true, weight: 10 },
  memory: { name: 'High Memory', visible: true, weight: 15 },
  cpu: { name: 'High CPU', visible: true, weight: 15 },
  crash: { name: 'Crashes', visible: true, weight: 40 },
  custom: { name: 'Custom', visible: false, weight: 5 },
  custom_event_error: { name: 'Custom Event Errors', visible: true, weight: 10 },
  excessive_scrolling: { name: 'Excessive Scrolling', visible: true, weight: 10 },
  slow_resource: { name: 'Slow Resources', visible: true, weight: 5 },
  slow_page_load: { name: 'Slow Page Load', visible: true, weight: 10 },
};

export const ISSUE_SCORE_MAX = 100;

/** The session's issue score from how many issues of each type it has: their weights added, capped at 100. */
export function issueScore(countsByType: Partial<Record<IssueType, number>>): number {
  let score = 0;
  for (const [type, count] of Object.entries(countsByType) as [IssueType, number][]) score += (ISSUE_TYPE_INFO[type]?.weight ?? 0) * Math.max(0, count);
  return Math.min(ISSUE_SCORE_MAX, score);
}

/** Network panel colours: a resource score at or above this shows red... */
export const RESOURCE_SCORE_RED = 80;
/** ...at or above this (and below red) yellow, below it plain. */
export const RESOURCE_SCORE_YELLOW = 10;

/**
 * How slow a network entry is, 0-100: a resource taking exactly the slow-resource threshold
 * scores 80 (red, as slow_resource flags it), proportionally below, capped at 100. A failed
 * one scores 100. Unknown or negative durations score 0.
 */
export function resourceScore(durationMs: number | null | undefined, failed: boolean): number {
  if (failed) return 100;
  if (typeof durationMs !== 'number' || !Number.isFinite(durationMs) || durationMs <= 0) return 0;
  return Math.min(100, Math.round((durationMs / SLOW_RESOURCE_MS) * RESOURCE_SCORE_RED));
}
