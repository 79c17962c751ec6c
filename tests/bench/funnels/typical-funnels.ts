import type { AnalyticsQueryService, FilterCompileContext, FunnelCounts, FunnelIssueKey, FunnelIssueUnionCounts, FunnelIssuesAnswer, FunnelQuery, SearchFilterItem, SessionIdsPage } from '@cassette/plugin-sessions/api';
import { ERROR_MESSAGES, FUNNEL } from '../generator/index.js';

const DAY_MS = 86_400_000;

/** One funnel question as a product page asks it: its name and how to ask the service. */
export interface FunnelQuestion {
  name: string;
  ask(service: AnalyticsQueryService, context: FilterCompileContext): Promise<unknown>;
}

const count = (n: number) => n.toLocaleString('en-US');

/** What a typical question answered, short enough for a cell (so two databases can be seen to agree). */
export function typicalAnswerCell(answer: unknown): string | null {
  if (!answer || typeof answer !== 'object') return null;
  const a = answer as Partial<FunnelCounts & FunnelIssuesAnswer & FunnelIssueUnionCounts & SessionIdsPage>;
  if (a.stages) return a.stages.map((s) => count(s.sessionsCount)).join(' → ');
  if (a.issues) return `${count(a.issues.length)} issues`;
  if (a.sessionIds) return `${count(a.sessionIds.length)} of ${count(a.total ?? 0)} sessions`;
  if (typeof a.affectedSessions === 'number') return `${count(a.affectedSessions)} sessions`;
  return null;
}

const addToCart: SearchFilterItem = { type: 'CLICK', operator: 'on', value: [FUNNEL.addToCart.label] };
const cart: SearchFilterItem = { type: 'LOCATION', operator: 'is', value: [FUNNEL.cartPath] };
const checkout: SearchFilterItem = { type: 'LOCATION', operator: 'is', value: [FUNNEL.checkoutPath] };
const buyNow: SearchFilterItem = { type: 'CLICK', operator: 'on', value: [FUNNEL.buyNow.label] };
const productPage: SearchFilterItem = { type: 'LOCATION', operator: 'startsWith', value: [FUNNEL.productPathPrefix] };

/**
 * The generator's purchase funnel, 4 steps: exact values (read from the step indexes alone), and
 * the same starting on any product page (a case-insensitive prefix, which reads every page path).
 */
export const FUNNELS: readonly { name: string; steps: SearchFilterItem[] }[] = [
  { name: '"Add to cart" → /cart → /checkout → "Buy Now"', steps: [addToCart, cart, checkout, buyNow] },
  { name: '/products/* → "Add to cart" → /cart → /checkout', steps: [productPage, addToCart, cart, checkout] },
];

/** Common issues of the generated shop (its catalogue's first error, a rage-clicked and a dead button). */
const UNION_ISSUES: FunnelIssueKey[] = [
  { type: 'js_exception', contextString: ERROR_MESSAGES[0]![1] },
  { type: 'click_rage', contextString: 'button.apply-coupon' },
  { type: 'dead_click', contextString: 'img.product-photo' },
];

/**
 * What a funnel page asks for each funnel over the past 7 and 30 days: the stages, the issues
 * between the first and last stage, the union of three common issues, and the first
 * page of dropped sessions.
 */
export function typicalFunnelQuestions(projectId: number, now: number): FunnelQuestion[] {
  const questions: FunnelQuestion[] = [];
  for (const days of [7, 30]) {
    for (const funnel of FUNNELS) {
      const query: FunnelQuery = { projectId, steps: funnel.steps, sessionFilter: {}, range: { startDate: now - days * DAY_MS, endDate: now } };
      const span = { ...query, span: { firstStage: 1, lastStage: funnel.steps.length } };
      const name = (what: string) => `${what}, ${funnel.name}, ${days} days`;
      questions.push(
        { name: name('stages'), ask: (service, context) => service.funnel(query, context) },
        { name: name('issues'), ask: (service, context) => service.funnelIssues(span, context) },
        { name: name('union of 3 issues'), ask: (service, context) => service.funnelIssueUnion(span, UNION_ISSUES, context) },
        { name: name('dropped sessions, first page'), ask: (service, context) => service.funnelSessions({ ...span, cohort: 'dropped', limit: 10, offset: 0 }, context) },
      );
    }
  }
  return questions;
}
