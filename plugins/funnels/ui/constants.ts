// The funnels UI's constants (spec part 1 §2, §9).

/** The sidebar block lists this many funnels before SHOW MORE. */
export const SIDEBAR_FUNNELS_SHOWN = 3;

/**
 * What the plus button adds to an empty search: two visited-URL steps and a click step, blank,
 * for the user to fill in (spec part 1 §2 "Sidebar Funnels block").
 */
export const BLANK_FUNNEL_STEPS: readonly string[] = ['LOCATION', 'LOCATION', 'CLICK'];

/** Sessions per page under a funnel and an issue (the session search's page size). */
export const FUNNEL_SESSIONS_PAGE_SIZE = 10;

/** The issue meter's chart (spec part 1 §9: 90 by 30). */
export const ISSUE_METER_WIDTH = 90;
export const ISSUE_METER_HEIGHT = 30;

/** The sidebar's empty text: what funnels are for. */
export const FUNNELS_EMPTY_TEXT = 'Funnels uncover the issues that hurt your conversions.';

export const SHARED_WITH_TEAM = 'Shared with team';

/** Funnels open on the past 7 days (spec part 1 §3). */
export const FUNNEL_DEFAULT_RANGE = 'LAST_7_DAYS' as const;

/**
 * After the funnel page's filter changes, the figures are asked again once it has stood this
 * long: a few quick changes (a step added, then its operator) cost one round of calls. The
 * filter bar already waits for typing to pause before it reports a value.
 */
export const FUNNEL_FILTER_REFETCH_MS = 400;
