import { badRequest } from '@cassette/plugin-sdk/server';
import { MAX_FUNNEL_STEPS, type AnalyticsRange, type FunnelCohort, type FunnelIssueKey, type FunnelQuery, type StageSpan } from '../../shared/analytics.js';
import { MAX_EPOCH_MS } from '../search/filter-validation.js';
import { FUNNEL_ISSUE_TYPES } from './funnel-issue-types.js';

/**
 * The parts of a funnel question the filter compiler does not read, checked before any SQL is
 * built: a caller (a route, a saved funnel from an older version, an alert) gets a 400 that
 * names the problem and what is allowed. The steps themselves are read by the compiler.
 */

/** Sessions behind a funnel number are read a page at a time. */
export const MAX_FUNNEL_SESSIONS_PAGE = 1000;
/** Issues a union may name: a funnel shows far fewer; the bound keeps the statement small. */
export const MAX_UNION_ISSUES = 500;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const wholeNumber = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);

function checkRange(range: AnalyticsRange): void {
  if (!isObject(range)) throw badRequest('range must be { startDate, endDate } in epoch milliseconds');
  for (const name of ['startDate', 'endDate'] as const) {
    const value = range[name];
    if (!wholeNumber(value) || value < 0 || value > MAX_EPOCH_MS) {
      throw badRequest(`range.${name} must be a time in epoch milliseconds (a whole number from 0 to ${MAX_EPOCH_MS})`);
    }
  }
  if (range.startDate > range.endDate) throw badRequest('range.startDate is after range.endDate');
}

/** The steps' count and the range; each step's content is the compiler's to check. */
export function checkFunnelQuery(query: FunnelQuery): void {
  if (!isObject(query)) throw badRequest('the funnel query must be an object');
  const { steps } = query;
  if (!Array.isArray(steps) || steps.length === 0) throw badRequest(`a funnel needs steps: 1 to ${MAX_FUNNEL_STEPS} event filters such as LOCATION, CLICK, INPUT or CUSTOM`);
  if (steps.length > MAX_FUNNEL_STEPS) throw badRequest(`a funnel has at most ${MAX_FUNNEL_STEPS} steps; got ${steps.length}`);
  if (query.sessionFilter !== undefined && query.sessionFilter !== null && !isObject(query.sessionFilter)) throw badRequest('sessionFilter must be a session search filter (an object)');
  checkRange(query.range);
}

export function checkSpan(span: StageSpan, stepsCount: number): void {
  if (!isObject(span) || !wholeNumber(span.firstStage) || !wholeNumber(span.lastStage)) {
    throw badRequest('span must be { firstStage, lastStage }: whole stage numbers, 1-based');
  }
  const { firstStage, lastStage } = span;
  // One stage alone is a span too (shared/analytics.ts StageSpan): a one-step funnel has no other.
  if (firstStage < 1 || lastStage > stepsCount || firstStage > lastStage) {
    throw badRequest(`span: firstStage and lastStage must satisfy 1 <= firstStage <= lastStage <= ${stepsCount} (the funnel's steps); got ${firstStage} and ${lastStage}`);
  }
}

export function checkIssueKey(issue: FunnelIssueKey, where: string): void {
  if (!isObject(issue) || typeof issue.type !== 'string' || typeof issue.contextString !== 'string') {
    throw badRequest(`${where} must be { type, contextString }`);
  }
  if (!(FUNNEL_ISSUE_TYPES as readonly string[]).includes(issue.type)) {
    throw badRequest(`${where}: ${JSON.stringify(issue.type)} is not an issue type funnels show; use one of: ${FUNNEL_ISSUE_TYPES.join(', ')}`);
  }
}

export function checkIssueKeys(issues: readonly FunnelIssueKey[]): void {
  if (!Array.isArray(issues)) throw badRequest('issues must be a list of { type, contextString }');
  if (issues.length > MAX_UNION_ISSUES) throw badRequest(`issues may hold at most ${MAX_UNION_ISSUES} issues; got ${issues.length}`);
  issues.forEach((issue, i) => checkIssueKey(issue, `issues[${i}]`));
}

/**
 * The issues a sessions query keeps to: `issue` alone, `issues`, or null for every session of
 * the cohort.
 */
export function checkSessionsIssues(query: { issue?: FunnelIssueKey | null; issues?: readonly FunnelIssueKey[] | null }): readonly FunnelIssueKey[] | null {
  const hasIssue = query.issue !== undefined && query.issue !== null;
  const hasIssues = query.issues !== undefined && query.issues !== null;
  if (hasIssue && hasIssues) throw badRequest('give issue (one issue) or issues (any of several), not both');
  if (hasIssue) {
    checkIssueKey(query.issue!, 'issue');
    return [query.issue!];
  }
  if (!hasIssues) return null;
  checkIssueKeys(query.issues!);
  return query.issues!;
}

const COHORTS: readonly FunnelCohort[] = ['entered', 'converted', 'dropped'];

export function checkSessionsPage(cohort: FunnelCohort, limit: number, offset: number): void {
  if (!COHORTS.includes(cohort)) throw badRequest(`cohort must be one of: ${COHORTS.join(', ')}; got ${JSON.stringify(cohort)}`);
  if (!wholeNumber(limit) || limit < 1 || limit > MAX_FUNNEL_SESSIONS_PAGE) throw badRequest(`limit must be a whole number from 1 to ${MAX_FUNNEL_SESSIONS_PAGE}`);
  if (!wholeNumber(offset) || offset < 0) throw badRequest('offset must be a whole number >= 0');
}
