// Test support: generated visits with known answers for every alert period. Six sessions end
// before MIDNIGHT (where every period, 15 minutes to 1 day, ends), session i starting i-th
// furthest back; session i has a page loading in i × 1000 ms (TTFB i × 100 ms), i JS errors,
// one request answered 404 (odd i) or 503 (even i), one resource that failed and one that
// loaded in i × 100 ms.
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

function visit(i: number, at: number): TrackerEvent[] {
  const url = `${SHOP}/page-${i}`;
  const events: TrackerEvent[] = [
    { type: 'page', ts: at + 1_000, url, referrer: '', title: `Page ${i}` },
    { type: 'page_timing', ts: at + 2_000, url, timings: { load: i * 1000, ttfb: i * 100, domContentLoaded: i * 500 } },
    { type: 'request', ts: at + 3_000, kind: 'fetch', url: `${SHOP}/api/cart-${i}`, method: 'GET', status: i % 2 === 1 ? 404 : 503, duration: 50 },
    { type: 'resource', ts: at + 4_000, url: `${SHOP}/missing-${i}.png`, initiator: 'img', duration: 0, failed: true },
    { type: 'resource', ts: at + 5_000, url: `${SHOP}/logo-${i}.png`, initiator: 'img', duration: i * 100, status: 200, failed: false },
  ];
  for (let e = 0; e < i; e++) events.push({ type: 'error', ts: at + 6_000 + e, source: 'js_exception', name: 'TypeError', message: `cart ${i}.${e} is undefined` });
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
