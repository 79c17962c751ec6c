// The analytics query service's port (`sessions.analytics`): typed questions about a project's
// recorded sessions in, rows out. Funnels, metrics, dashboards and alerts ask these; none of
// them writes analytics SQL. The PostgreSQL implementation lives in server/analytics/; a
// column store (ClickHouse) can implement the same port, and must pass the same contract
// suites (testing/analytics-contract/).
import type { SearchFilterItem, SessionSearchFilter } from './search.js';

/** Epoch milliseconds over the session's start, both ends inclusive. */
export interface AnalyticsRange {
  startDate: number;
  endDate: number;
}

/**
 * Who a count of "users" counts: the user id the site identified, else the tracker's device
 * id (`userUuid`), so anonymous visitors count once per browser rather than not at all.
 */
export interface SessionsAndUsers {
  sessionsCount: number;
  usersCount: number;
}

/** A funnel has 1 to this many steps. */
export const MAX_FUNNEL_STEPS = 10;

/**
 * A funnel: sessions started within `range`, matching `sessionFilter` in full (attributes,
 * durations, and its own events in its own order), that did `steps` in order. Steps are event
 * filter items (LOCATION, CLICK, INPUT, CUSTOM, ... as the session search reads them); the same
 * step may appear twice. A session completes steps 1..k when some events e1 < e2 < ... < ek,
 * ordered by (time, batch, index), match them; it counts at the first way it does.
 */
export interface FunnelQuery {
  projectId: number;
  steps: readonly SearchFilterItem[];
  /** Its dates are ignored: `range` decides. */
  sessionFilter: SessionSearchFilter;
  range: AnalyticsRange;
}

/**
 * Stages are 1-based and inclusive: 1 <= firstStage <= lastStage <= steps.length. A span of one
 * stage (firstStage = lastStage) is a one-step funnel's only span, and any stage a user picks
 * alone: every session that reached it converted, none dropped, and no issue lies between its
 * stage and itself (an issue counts from the first-stage event up to, not including, the
 * last-stage event), so it has no issues.
 */
export interface StageSpan {
  firstStage: number;
  lastStage: number;
}

/** `stages[i]`: the sessions and users that completed steps 1..i+1. */
export interface FunnelCounts {
  stages: SessionsAndUsers[];
}

/** An issue as funnels group them: its type and its context (the page, the element, the request; 'NA' when none). */
export interface FunnelIssueKey {
  type: string;
  contextString: string;
}

/**
 * One issue, over the sessions that reached `span.firstStage`. A session is affected when the
 * issue happened after its first-stage event and before its last-stage event (before the
 * session's end when it never got there); the others are unaffected. Positions compare by
 * (time, batch, index) like events: an issue the first-stage event raised itself (the slow load
 * of that page, a dead click on that button) counts, one the last-stage event raised does not
 * (the session converted anyway). Only the types the product shows count: `custom` is not
 * visible (spec part 1 §3), so it never affects a session here.
 */
export interface FunnelIssueCounts extends FunnelIssueKey {
  affectedSessions: number;
  affectedUsers: number;
  /** Affected sessions that reached the last stage. */
  affectedConversions: number;
  unaffectedSessions: number;
  /** Unaffected sessions that reached the last stage. */
  unaffectedConversions: number;
}

export interface FunnelIssuesAnswer {
  /** Reached the first stage of the span. */
  entered: SessionsAndUsers;
  /** Reached the last stage of the span. */
  converted: SessionsAndUsers;
  /** Every (type, context) that affected at least one session, most affected sessions first, then by type and context. */
  issues: FunnelIssueCounts[];
}

/** Sessions of the span affected by any of a set of issues (each counted once). */
export interface FunnelIssueUnionCounts {
  affectedSessions: number;
  affectedUsers: number;
  affectedConversions: number;
}

/**
 * What a funnel page shows, from one walk of the stages: `counts` as funnel() answers the query,
 * `issues` as funnelIssues() answers it over the span, and `union` as funnelIssueUnion() answers
 * it for the issues the caller picked from `issues` (none picked: all zero).
 */
export interface FunnelFigures {
  counts: FunnelCounts;
  issues: FunnelIssuesAnswer;
  union: FunnelIssueUnionCounts;
}

/** Relative to the span: reached its first stage, reached its last stage, or reached the first and not the last. */
export type FunnelCohort = 'entered' | 'converted' | 'dropped';

export interface FunnelSessionsQuery extends FunnelQuery {
  span: StageSpan;
  cohort: FunnelCohort;
  /** Only the sessions of the cohort this issue affected (as FunnelIssueCounts defines it). */
  issue?: FunnelIssueKey;
  /**
   * Only the sessions of the cohort any of these issues affected, each once (the sessions behind
   * funnelIssueUnion()'s counts); none listed: no session. Not with `issue`.
   */
  issues?: readonly FunnelIssueKey[];
  limit: number;
  offset: number;
}

/** Newest first (sessions that started at the same moment by session id). */
export interface SessionIdsPage {
  sessionIds: string[];
  total: number;
}

export type SeriesMeasure = 'sessionCount' | 'userCount';

/** Sessions matching `filter` (its dates ignored) started within `range`, counted per bucket. */
export interface SeriesQuery {
  projectId: number;
  filter: SessionSearchFilter;
  range: AnalyticsRange;
  /** Bucket width in ms; buckets start at range.startDate. */
  bucketMs: number;
  measure: SeriesMeasure;
}

/** Every bucket of the range, empty ones as 0. */
export interface SeriesAnswer {
  /** `timestamp`: the bucket's start (range.startDate + i * bucketMs); the last bucket ends at range.endDate. */
  points: { timestamp: number; value: number }[];
  /** Over the whole range (users are distinct over the range, not a sum of buckets). */
  total: number;
}

export type BreakdownDimension = 'issue' | 'browser' | 'os' | 'device' | 'country' | 'url';

export interface BreakdownQuery {
  projectId: number;
  filter: SessionSearchFilter;
  range: AnalyticsRange;
  /** `device`: the device type (desktop, mobile, ...); `url`: the path of each page visited; `issue`: the issue type (the UI names it). */
  by: BreakdownDimension;
  measure: SeriesMeasure;
  limit: number;
}

export interface BreakdownAnswer {
  /**
   * Largest first, then by name in code-point order; a session counts in every row it belongs
   * to (several issues, several URLs), and in none when it has no value (no country, no page
   * visited). Rows of no users (sessions with neither id) are left out.
   */
  rows: { name: string; value: number }[];
  /** Distinct over the filter and range. */
  total: number;
  /** How many rows `limit` left off. */
  others: number;
}

/** Pages by how long they took to load: sessions started within `range`, their page views within it. */
export interface SlowestPagesQuery {
  projectId: number;
  range: AnalyticsRange;
  /** 1 to 100 pages. */
  limit: number;
}

export interface SlowestPagesAnswer {
  /** Slowest average load first (then by path in code-point order); views that measured no load time are left out. */
  pages: { path: string; averageLoadTime: number; views: number }[];
  /** How many measured pages `limit` left off. */
  others: number;
}
