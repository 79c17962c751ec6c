// Test support: a small shop with known charts, recorded through the real sessions processors.
// Seven sessions over a three-hour period (hourly buckets with density 3) and the three hours
// before it (compare), each with its user, browser, device type, country, pages and errors.
import type { TrackerEvent } from '@cassette/plugin-ingest/api';
import { ingestSession } from '@cassette/plugin-sessions/testing';
import type { MetricsTestKernel } from './metrics-test-kernel.js';

const SHOP = 'https://shop.example.test';
const MINUTE = 60_000;
export const HOUR = 3_600_000;
/** The period the charts read: three hours from P0, both ends inclusive. */
export const P0 = Date.UTC(2026, 9, 5, 9, 0, 0);
export const PERIOD = { startTimestamp: P0, endTimestamp: P0 + 3 * HOUR - 1 };

export type ShopSessionName = 'ada1' | 'ada2' | 'bob' | 'cy1' | 'cy2' | 'before1' | 'before2';

interface ShopSession {
  at: number;
  userId: string;
  browser: string;
  deviceType: 'desktop' | 'mobile' | 'tablet';
  country: string;
  pages: string[];
  /** An uncaught error after the pages (a js_exception issue). */
  error?: boolean;
}

/**
 * In the period: bucket 0 has ada1 and ada2 (ada), bucket 1 bob and cy1, bucket 2 cy2.
 * Before it (the compare period): before1 in its bucket 0, before2 in its bucket 2.
 */
export const SHOP_SESSIONS: Record<ShopSessionName, ShopSession> = {
  ada1: { at: P0 + 10 * MINUTE, userId: 'ada@shop.test', browser: 'Chrome', deviceType: 'desktop', country: 'FR', pages: ['/home', '/cart'] },
  ada2: { at: P0 + 20 * MINUTE, userId: 'ada@shop.test', browser: 'Chrome', deviceType: 'desktop', country: 'FR', pages: ['/home'] },
  bob: { at: P0 + 70 * MINUTE, userId: 'bob@shop.test', browser: 'Firefox', deviceType: 'mobile', country: 'DE', pages: ['/home'], error: true },
  cy1: { at: P0 + 80 * MINUTE, userId: 'cy@shop.test', browser: 'Chrome', deviceType: 'desktop', country: 'DE', pages: ['/cart'] },
  cy2: { at: P0 + 130 * MINUTE, userId: 'cy@shop.test', browser: 'Safari', deviceType: 'tablet', country: 'US', pages: ['/home'], error: true },
  before1: { at: P0 - 150 * MINUTE, userId: 'ada@shop.test', browser: 'Chrome', deviceType: 'desktop', country: 'FR', pages: ['/home'] },
  before2: { at: P0 - 30 * MINUTE, userId: 'dan@shop.test', browser: 'Chrome', deviceType: 'desktop', country: 'FR', pages: ['/cart'] },
};

function trackerEvents(s: ShopSession): TrackerEvent[] {
  const events: TrackerEvent[] = s.pages.map((path, i) => ({ type: 'page', ts: s.at + (i + 1) * 1_000, url: `${SHOP}${path}`, referrer: '', title: path }));
  if (s.error) events.push({ type: 'error', ts: s.at + (s.pages.length + 1) * 1_000, source: 'js_exception', name: 'TypeError', message: 'cart is undefined', stack: `TypeError: cart is undefined\n    at pay (${SHOP}/app.js:1:1)` });
  return events;
}

/** Records the shop into `projectId`; answers the session ids by name. */
export async function recordShop(t: MetricsTestKernel, projectId: number, tenantId: number): Promise<Record<ShopSessionName, string>> {
  const ids = {} as Record<ShopSessionName, string>;
  for (const [name, s] of Object.entries(SHOP_SESSIONS) as [ShopSessionName, ShopSession][]) {
    const session = ingestSession(projectId, tenantId, {
      sessionId: `${projectId}-${name}`,
      startedAt: s.at,
      userId: s.userId,
      browser: s.browser,
      deviceType: s.deviceType,
      country: s.country,
      url: `${SHOP}${s.pages[0]}`,
    });
    await t.record(session, trackerEvents(s));
    ids[name] = session.sessionId;
  }
  return ids;
}
