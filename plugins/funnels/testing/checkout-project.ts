// Test support: a small shop whose checkout funnel has known figures, recorded through the real
// sessions processors. Steps: visit /home, then /cart, then /checkout. One uncaught error
// ("TypeError: pay is undefined") hits 8 sessions between the first and the last step, and only
// 2 of them reach checkout (the 6 others end on it: a crash too); another ("ReferenceError: x
// is not defined") hits 2 sessions that both convert; a third happens after checkout and
// affects nobody.
import type { TrackerEvent } from '@cassette/plugin-ingest/api';
import { ingestSession } from '@cassette/plugin-sessions/testing';
import type { FunnelFilter } from '../shared/funnel.js';
import type { FunnelsTestKernel } from './funnels-test-kernel.js';

const SHOP = 'https://shop.example.test';
export const PAY_ERROR = 'TypeError: pay is undefined';
export const SIDEBAR_ERROR = 'ReferenceError: x is not defined';
export const LATE_ERROR = 'RangeError: too late';

type Step = ['page', string] | ['error', string];
const page = (path: string): Step => ['page', path];
const error = (context: string): Step => ['error', context];

/** Each group: how many sessions, what they do in order (a second apart), and how many users share them. */
export const CHECKOUT_GROUPS = {
  /** Through to checkout, untroubled: 10 sessions of 5 users. */
  smooth: { sessions: 10, users: 5, steps: [page('/home'), page('/cart'), page('/checkout')] },
  /** The pay error on the cart page: they never reach checkout. */
  payErrorDropped: { sessions: 6, users: 6, steps: [page('/home'), page('/cart'), error(PAY_ERROR)] },
  /** The pay error before the cart, and they still check out. */
  payErrorConverted: { sessions: 2, users: 2, steps: [page('/home'), error(PAY_ERROR), page('/cart'), page('/checkout')] },
  /** Leave after the home page. */
  bounced: { sessions: 2, users: 2, steps: [page('/home')] },
  /** Never visit the home page: not in the funnel. */
  outside: { sessions: 1, users: 1, steps: [page('/cart'), page('/checkout')] },
  /** An error after checkout: it affects no stage. */
  lateError: { sessions: 1, users: 1, steps: [page('/home'), page('/cart'), page('/checkout'), error(LATE_ERROR)] },
  /** Another error before the cart; they convert. */
  sidebarError: { sessions: 2, users: 2, steps: [page('/home'), error(SIDEBAR_ERROR), page('/cart'), page('/checkout')] },
} satisfies Record<string, { sessions: number; users: number; steps: Step[] }>;
export type CheckoutGroup = keyof typeof CHECKOUT_GROUPS;

export const CHECKOUT_FILTER: FunnelFilter = {
  events: ['/home', '/cart', '/checkout'].map((path) => ({ type: 'LOCATION', operator: 'is', value: [path], isEvent: true })),
  filters: [],
};

function trackerEvents(steps: Step[], startedAt: number): TrackerEvent[] {
  return steps.map(([kind, value], i): TrackerEvent => {
    const ts = startedAt + (i + 1) * 1_000;
    if (kind === 'page') return { type: 'page', ts, url: `${SHOP}${value}`, referrer: '', title: value };
    const [name, message] = value.split(': ');
    return { type: 'error', ts, source: 'js_exception', name: name!, message: message!, stack: `${value}\n    at pay (${SHOP}/app.js:1:1)` };
  });
}

/** Session ids per group, in the order they were recorded (the first `startedAt`, then a minute apart). */
export type CheckoutSessions = Record<CheckoutGroup, string[]>;

/** Records the checkout project into `projectId`; sessions start from `startedAt`, a minute apart. */
export async function recordCheckoutProject(t: FunnelsTestKernel, projectId: number, tenantId: number, startedAt: number): Promise<CheckoutSessions> {
  const ids = {} as CheckoutSessions;
  let n = 0;
  for (const [group, { sessions, users, steps }] of Object.entries(CHECKOUT_GROUPS) as [CheckoutGroup, (typeof CHECKOUT_GROUPS)[CheckoutGroup]][]) {
    ids[group] = [];
    for (let i = 0; i < sessions; i++) {
      const start = startedAt + n++ * 60_000;
      const session = ingestSession(projectId, tenantId, { sessionId: `${projectId}-${startedAt}-${group}-${i}`, startedAt: start, userId: `${group}-user-${i % users}@shop.test`, url: `${SHOP}/` });
      await t.record(session, trackerEvents(steps, start));
      ids[group].push(session.sessionId);
    }
  }
  return ids;
}
