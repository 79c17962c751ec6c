// The drill-down question of the analytics port (`sessions.analytics`): the sessions behind a
// series' point or a breakdown's row, as session ids a page at a time. Metrics list them under
// a chart (spec part 1 §7 `POST /metrics/{id}/sessions`).
import type { AnalyticsRange, BreakdownDimension } from './analytics.js';
import type { SessionSearchFilter } from './search.js';

/** At most this many ids a page. */
export const MAX_SERIES_SESSIONS_LIMIT = 100;

/**
 * Sessions matching `filter` (its dates ignored) started within `range` (a point's bucket, or
 * the whole period of a row), newest first. With `row`, only the sessions a breakdown by
 * `row.by` counts in the row named `row.name` (BreakdownQuery: a session that visited the path,
 * had the issue type, has the browser...).
 */
export interface SeriesSessionsQuery {
  projectId: number;
  filter: SessionSearchFilter;
  range: AnalyticsRange;
  row?: { by: BreakdownDimension; name: string };
  /** 1..MAX_SERIES_SESSIONS_LIMIT. */
  limit: number;
  offset: number;
}
