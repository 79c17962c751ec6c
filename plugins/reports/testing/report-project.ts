// Test support: generated visits with known answers for the week of Monday 16 to Sunday 22
// November 2026 (UTC) and the week before, plus visits just outside both that must not count.
//
// This week: 4 sessions, 3 users (ada twice, bob, cy), 4 JS errors; pages /checkout 4 s and 6 s
// (average 5 s, 2 views), /search 3 s, /home 1 s and 2 s (1.5 s); issues: Errors in 3 sessions,
// Bad Requests and Slow Page Load (the 6 s checkout) in 1; one new error group ("cart is
// undefined": 3 times in 2 sessions) and one seen the week before ("search index missing").
// The week before: 2 sessions, 2 users (ada, dan), 1 JS error.
import type { TrackerEvent } from '@cassette/plugin-ingest/api';
import { ingestSession } from '@cassette/plugin-sessions/testing';
import type { ReportsTestKernel } from './reports-test-kernel.js';

const SHOP = 'https://shop.example.test';
const HOUR = 3_600_000;
/** Monday 16 November 2026, 00:00 UTC: the reported week starts here. */
export const WEEK_START = Date.UTC(2026, 10, 16);
/** Monday 23 November 2026, 08:05 UTC: the first hourly check after the report is due in UTC. */
export const MONDAY_MORNING_UTC = Date.UTC(2026, 10, 23, 8, 5);

export const CART_ERROR = 'cart is undefined';
export const SEARCH_ERROR = 'search index missing';

interface Visit {
  at: number;
  user: string;
  pages: { path: string; load: number }[];
  errors?: string[];
  failedRequest?: boolean;
}

const DAY = 24 * HOUR;
const at = (day: number, hour: number) => WEEK_START + day * DAY + hour * HOUR;

export const THIS_WEEK: Visit[] = [
  { at: at(0, 10), user: 'ada', pages: [{ path: '/checkout', load: 4000 }, { path: '/home', load: 1000 }], errors: [CART_ERROR, CART_ERROR] },
  { at: at(1, 10), user: 'bob', pages: [{ path: '/checkout', load: 6000 }], errors: [CART_ERROR], failedRequest: true },
  { at: at(2, 10), user: 'ada', pages: [{ path: '/home', load: 2000 }] },
  { at: at(6, 23), user: 'cy', pages: [{ path: '/search', load: 3000 }], errors: [SEARCH_ERROR] },
];

export const WEEK_BEFORE: Visit[] = [
  { at: at(-6, 10), user: 'ada', pages: [{ path: '/home', load: 1000 }], errors: [SEARCH_ERROR] },
  { at: at(-4, 10), user: 'dan', pages: [{ path: '/home', load: 1000 }] },
];

/** After the reported week (Monday 23 November, 07:00) and before the week before: counted in neither. */
export const OUTSIDE: Visit[] = [
  { at: at(7, 7), user: 'eve', pages: [{ path: '/late', load: 9000 }], errors: ['too late'] },
  { at: at(-8, 10), user: 'fay', pages: [{ path: '/early', load: 9000 }], errors: ['too early'] },
];

function events(v: Visit): TrackerEvent[] {
  const list: TrackerEvent[] = [];
  let ts = v.at + 1000;
  for (const page of v.pages) {
    const url = `${SHOP}${page.path}`;
    list.push({ type: 'page', ts, url, referrer: '', title: page.path });
    list.push({ type: 'page_timing', ts: ts + 500, url, timings: { load: page.load, ttfb: 100, domContentLoaded: 500 } });
    ts += 10_000;
  }
  if (v.failedRequest) list.push({ type: 'request', ts: ts++, kind: 'fetch', url: `${SHOP}/api/cart`, method: 'GET', status: 500, duration: 50 });
  for (const message of v.errors ?? []) list.push({ type: 'error', ts: ts++, source: 'js_exception', name: 'TypeError', message, stack: `TypeError: ${message}\n    at run (${SHOP}/assets/app.js:1:${message.length})` });
  // A page after the errors: the session goes on, so no error reads as a crash.
  list.push({ type: 'page', ts: ts + 10_000, url: `${SHOP}/thanks`, referrer: '', title: 'Thanks' });
  return list;
}

/** Records every visit into `projectId`. */
export async function recordWeeks(t: ReportsTestKernel, projectId: number, tenantId: number, label: string): Promise<void> {
  const all = [...THIS_WEEK, ...WEEK_BEFORE, ...OUTSIDE];
  for (const [i, v] of all.entries()) {
    const session = ingestSession(projectId, tenantId, { sessionId: `${label}-${i}`, startedAt: v.at, userId: `${v.user}@shop.test`, url: `${SHOP}${v.pages[0]!.path}` });
    await t.record(session, events(v));
  }
}
