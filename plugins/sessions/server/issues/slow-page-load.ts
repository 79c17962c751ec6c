import { finiteNumber, issueAt, trackerEvent, type Heuristic } from './heuristic.js';
import { SLOW_PAGE_LOAD_MS } from './thresholds.js';

export interface SlowPageLoadState {
  /** The page (since the last page event) already flagged: a late timing update for it is not a second issue. */
  flaggedUrl: string | null;
}

/**
 * A page whose load event (or, when the browser gave none, DOM complete) came SLOW_PAGE_LOAD_MS
 * or more after navigation start; the context is the page's URL.
 */
export const slowPageLoad: Heuristic<SlowPageLoadState> = {
  type: 'slow_page_load',
  initial: () => ({ flaggedUrl: null }),
  observe(state, item) {
    if (trackerEvent(item, 'page')) {
      state.flaggedUrl = null;
      return [];
    }
    const timing = trackerEvent(item, 'page_timing');
    if (!timing) return [];
    const load = finiteNumber(timing.timings?.load);
    const domComplete = finiteNumber(timing.timings?.domComplete);
    const loadTime = load ?? domComplete;
    if (loadTime === null || loadTime < SLOW_PAGE_LOAD_MS || state.flaggedUrl === timing.url) return [];
    state.flaggedUrl = timing.url;
    return [issueAt('slow_page_load', item, timing.url, { url: timing.url, loadTime: Math.round(loadTime), load, domComplete })];
  },
};
