// Targets (spec part 2 §3 "Custom target", §7 `GET or POST /targets_temp`): elements of a page
// that people named in the player's target definer, so clicks on them are easy to find.

export const MAX_TARGET_LABEL_LENGTH = 100;
export const MAX_TARGET_PATH_LENGTH = 2000;
/** A page holds at most this many targets. */
export const TARGETS_PER_PAGE = 100;

/** A named element of a page. */
export interface Target {
  targetId: number;
  label: string;
  /** The element's CSS selector, as the tracker records the clicks on it. */
  path: string;
  /** Defined by a person (every target is, for now). */
  isCustom: boolean;
  /** The page: its address without query or hash (or a path, on any host). */
  location: string;
}

/** `GET /targets_temp` (`?url=` a page: its targets and how many of its clicks they cover over the range). */
export interface TargetsAnswer {
  targets: Target[];
  /** For a page: labeled clicks / all clicks, in whole percent (spec part 2 §3), 0 when it had no clicks; null without a page. */
  definedPercent: number | null;
  totalClicks: number;
  labeledClicks: number;
}

/** `POST /targets_temp`: name an element (a new target, or a new label for `targetId`), or remove one. */
export interface TargetChange {
  targetId?: number;
  label?: string;
  path?: string;
  location?: string;
  remove?: boolean;
}

/** Labeled clicks over all clicks in whole percent, 0 when there were none. */
export function definedPercent(labeled: number, total: number): number {
  return total > 0 ? Math.round((labeled / total) * 100) : 0;
}
