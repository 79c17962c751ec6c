// The heatmap of a page (`POST /{projectId}/heatmaps/url`, spec part 2 §7): where visitors
// clicked, where clicks went unanswered or came in bursts, and how far down they scrolled.

/** Scroll depth is answered in steps of this many percent of the page (0, 10, ..., 100). */
export const SCROLL_STEP_PERCENT = 10;
/** Click groups answered at most (the densest first); the rest are counted in `otherClicks`. */
export const MAX_HEATMAP_CLICK_GROUPS = 2000;
/** A URL longer than this is no page a tracker reported. */
export const MAX_HEATMAP_URL_LENGTH = 2000;

/** A page's heatmap over its visits of `range` (epoch ms, inclusive): the analytics service's question. */
export interface HeatmapQuery {
  projectId: number;
  url: string;
  range: { startDate: number; endDate: number };
}

/** The heatmap request: the page, and the page views it counts (default the last 7 days). */
export interface HeatmapRequest {
  /** A page's URL (`https://shop.example/checkout`; its query and hash are ignored) or a path (`/checkout`, on any host). */
  url: string;
  /** Epoch ms, both inclusive. */
  startDate?: number;
  endDate?: number;
}

/**
 * Clicks at one spot of one element: `rx`/`ry` are where in the element they landed (percent
 * of its box), null for clicks recorded without it (then `x`/`y`, page pixels, place them).
 */
export interface HeatmapClick {
  selector: string;
  rx: number | null;
  ry: number | null;
  x: number | null;
  y: number | null;
  count: number;
}

/** Rage clicks (bursts on one element) or dead clicks (nothing answered) on one element. */
export interface HeatmapFrustration {
  type: 'click_rage' | 'dead_click';
  selector: string;
  /** How many times it happened. */
  count: number;
  /** Where on the page the clicks were, on average (pixels), when recorded. */
  x: number | null;
  y: number | null;
}

export interface HeatmapAnswer {
  /** The page asked about: its host (null for a path on any host) and path. */
  host: string | null;
  path: string;
  /** Visits of the page within the range. */
  pageViews: number;
  /** Clicks on the page within those visits. */
  totalClicks: number;
  /** Densest first. */
  clicks: HeatmapClick[];
  /** Clicks in the groups `MAX_HEATMAP_CLICK_GROUPS` left out. */
  otherClicks: number;
  /** Most frequent first. */
  frustrations: HeatmapFrustration[];
  scroll: {
    /** Visits whose scroll depth was recorded. */
    views: number;
    /** `reached[i]`: of those, how many saw at least i * SCROLL_STEP_PERCENT % of the page. */
    reached: number[];
  };
  /** The latest visit of the page with a recording, to draw the heatmap on; null when there is none. */
  snapshot: { sessionId: string; timestamp: number } | null;
}

/** Clicks on a page over its visits of a range, and how many hit one of `selectors`: a page's defined percent. */
export interface TargetCoverageQuery {
  projectId: number;
  url: string;
  range: { startDate: number; endDate: number };
  selectors: readonly string[];
}

export interface TargetCoverageAnswer {
  totalClicks: number;
  labeledClicks: number;
}
