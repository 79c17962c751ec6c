// Test support: generated visits with known answers for every alert period. Six sessions end
// before MIDNIGHT (where every period, 15 minutes to 1 day, ends), session i starting i-th
// furthest back. Session i has:
// - one page whose timings are: load i × 1000 ms, TTFB i × 100, DOMContentLoaded i × 500, first
//   contentful paint i × 200, DOM building i × 300, document response i × 40, speed index i × 700
//   (no time to render: browsers do not expose it, the trigger measures nothing);
// - one request answered 404 (odd i) or 503 (even i) in i × 10 ms and, in even sessions, a second
//   one answered 200 in i × 30 ms (request averages are over requests, not sessions);
// - one image that failed after i × 7 ms (a missing resource, in no load time) and one that
//   loaded in i × 100 ms;
// - i uncaught JS errors at the end; sessions 3 and 6 (i divisible by 3) end right after them
//   (a crash), the others go on with a click (no crash).
import type { TrackerEvent } from '@cassette/plugin-ingest/api';
import { ingestSession } from '@cassette/plugin-sessions/testing';
import type { AlertsTestKernel } from './alerts-test-kernel.js';

const SHOP = 'https://shop.example.test';
export const MINUTE = 60_000;
/** Where the periods read end: midnight UTC is a multiple of every period. */
export const MIDNIGHT = Date.UTC(2026, 9, 6, 0, 0, 0);
/** An evaluation a minute after the periods ended. */
export const EVALUATED_AT = MIDNIGHT + MINUTE;

/** Minutes before MIDNIGHT each session starts (session 1 is the latest). */
export const SESSION_STARTS = [10, 20, 50, 100, 200, 1000] as const;

/** The sessions that crash: they end right after their uncaught errors. */
export const crashes = (i: number): boolean => i % 3 === 0;

function visit(i: number, at: number): TrackerEvent[] {
  const url = `${SHOP}/page-${i}`;
  const timings = { load: i * 1000, ttfb: i * 100, domContentLoaded: i * 500, firstContentfulPaint: i * 200, domBuilding: i * 300, responseTime: i * 40, speedIndex: i * 700 };
  const events: TrackerEvent[] = [
    { type: 'page', ts: at + 1_000, url, referrer: '', title: `Page ${i}` },
    { type: 'page_timing', ts: at + 2_000, url, timings },
    { type: 'request', ts: at + 3_000, kind: 'fetch', url: `${SHOP}/api/cart-${i}`, method: 'GET', status: i % 2 === 1 ? 404 : 503, duration: i * 10 },
    { type: 'resource', ts: at + 4_000, url: `${SHOP}/missing-${i}.png`, initiator: 'img', duration: i * 7, failed: true },
    { type: 'resource', ts: at + 5_000, url: `${SHOP}/logo-${i}.png`, initiator: 'img', duration: i * 100, status: 200, failed: false },
  ];
  if (i % 2 === 0) events.push({ type: 'request', ts: at + 5_500, kind: 'fetch', url: `${SHOP}/api/stock-${i}`, method: 'GET', status: 200, duration: i * 30 });
  for (let e = 0; e < i; e++) events.push({ type: 'error', ts: at + 6_000 + e, source: 'js_exception', name: 'TypeError', message: `cart ${i}.${e} is undefined` });
  // A field click answers by focus: the visitor carries on, and no dead click is made of it.
  if (!crashes(i)) events.push({ type: 'click', ts: at + 8_000, selector: '#search', label: 'Search', tag: 'input' });
  return events;
}

/** Records the six sessions into `projectId`. */
export async function recordVisits(t: AlertsTestKernel, projectId: number, tenantId: number): Promise<void> {
  for (const [index, minutesBefore] of SESSION_STARTS.entries()) {
    const i = index + 1;
    const at = MIDNIGHT - minutesBefore * MINUTE;
    const session = ingestSession(projectId, tenantId, { sessionId: `${projectId}-visit-${i}`, startedAt: at, userId: `user${i}@shop.test`, url: `${SHOP}/page-${i}` });
    await t.record(session, visit(i, at));
  }
}

/** Sessions 1..n whose start falls in [MIDNIGHT - from, MIDNIGHT - to) minutes. */
export function sessionsBetween(fromMinutes: number, toMinutes: number): number[] {
  return SESSION_STARTS.map((m, index) => ({ m, i: index + 1 })).filter(({ m }) => m <= fromMinutes && m > toMinutes).map(({ i }) => i);
}
