import { performance } from 'node:perf_hooks';
import type { AnalyticsQueryService, FilterCompileContext, FunnelCounts, FunnelFigures, FunnelIssueKey, FunnelIssuesAnswer, FunnelIssueUnionCounts, FunnelQuery, StageSpan } from '@cassette/plugin-sessions/api';
import { FUNNEL } from '../generator/index.js';

/**
 * What the funnel page asks of the analytics query service for one funnel (spec part 1:
 * stages, then issues and insights over the span): the counts per stage, the issues between
 * the first and the last stage, and the sessions any of the top issues affected.
 */

const DAY_MS = 86_400_000;
/** The funnel page's default range (spec: LAST_7_DAYS for dashboards and funnels). */
export const FUNNEL_RANGE_DAYS = 7;
/** The issues the union is asked about: the page's insights add up the few that matter most. */
export const TOP_ISSUES = 5;
/** The owner reads the funnel: an admin, who may read every key. */
export const OWNER: FilterCompileContext = { reader: { admin: true, permissions: new Set() } };

export const FUNNEL_STEPS_LABEL = '/products/… → "Add to cart" → /checkout → /checkout/confirmation';

/** The three questions one by one, then the page as the funnels plugin asks it: all three from one stage walk. */
export const FUNNEL_CALLS = ['funnel', 'funnelIssues', 'funnelIssueUnion', 'funnelFigures'] as const;
export type FunnelCall = (typeof FUNNEL_CALLS)[number];

/** The generated shop's purchase funnel in 4 steps (generator/catalogue.ts FUNNEL), over the week before `windowEnd`. */
export function funnelPageQuery(projectId: number, windowEnd: number): FunnelQuery & { span: StageSpan } {
  return {
    projectId,
    steps: [
      { type: 'LOCATION', operator: 'startsWith', value: [FUNNEL.productPathPrefix] },
      { type: 'CLICK', operator: 'on', value: [FUNNEL.addToCart.label] },
      { type: 'LOCATION', operator: 'is', value: [FUNNEL.checkoutPath] },
      { type: 'LOCATION', operator: 'is', value: [FUNNEL.confirmationPath] },
    ],
    sessionFilter: { filters: [], events: [] },
    range: { startDate: windowEnd - FUNNEL_RANGE_DAYS * DAY_MS, endDate: windowEnd },
    span: { firstStage: 1, lastStage: 4 },
  };
}

/** The issues the union asks about: the first `count` of the answer (most affected sessions first). */
export function topIssues(answer: FunnelIssuesAnswer, count = TOP_ISSUES): FunnelIssueKey[] {
  return answer.issues.slice(0, count).map(({ type, contextString }) => ({ type, contextString }));
}

export interface FunnelPageAnswers {
  funnel?: FunnelCounts;
  funnelIssues?: FunnelIssuesAnswer;
  funnelIssueUnion?: FunnelIssueUnionCounts;
  funnelFigures?: FunnelFigures;
}

export interface FunnelPageVisit {
  answers: FunnelPageAnswers;
  /** Per call; absent when it failed or could not be asked. */
  ms: Partial<Record<FunnelCall, number>>;
  /** The first call that failed, and why. */
  failure?: { call: FunnelCall; message: string };
}

/**
 * The three calls one after another (the union needs the issues' answer), each timed alone,
 * then the page as the funnels plugin asks it: funnelFigures(), the union of the same top
 * issues. A failing call ends the visit; the calls after it are not asked.
 */
export async function visitFunnelPage(service: AnalyticsQueryService, query: FunnelQuery & { span: StageSpan }, context: FilterCompileContext = OWNER): Promise<FunnelPageVisit> {
  const visit: FunnelPageVisit = { answers: {}, ms: {} };
  const timed = async <T>(call: FunnelCall, ask: () => Promise<T>): Promise<T | undefined> => {
    const started = performance.now();
    try {
      const answer = await ask();
      visit.ms[call] = performance.now() - started;
      return answer;
    } catch (error) {
      visit.failure = { call, message: error instanceof Error ? error.message : String(error) };
      return undefined;
    }
  };
  visit.answers.funnel = await timed('funnel', () => service.funnel(query, context));
  if (visit.failure) return visit;
  visit.answers.funnelIssues = await timed('funnelIssues', () => service.funnelIssues(query, context));
  if (visit.failure) return visit;
  const issues = topIssues(visit.answers.funnelIssues!);
  visit.answers.funnelIssueUnion = await timed('funnelIssueUnion', () => service.funnelIssueUnion(query, issues, context));
  if (visit.failure) return visit;
  visit.answers.funnelFigures = await timed('funnelFigures', () => service.funnelFigures(query, (answer) => topIssues(answer), context));
  return visit;
}
