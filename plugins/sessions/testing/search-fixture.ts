// Test support: a small project whose sessions tell the filter keys apart, written through
// the real summary processor (the rows are what ingest would store). Issue types are set
// directly: which detector raises them is not the search's business.
import type { IngestSession, TrackerEvent } from '@cassette/plugin-ingest/api';
import { sql } from '@cassette/plugin-sdk/server';
import { decodedBatch, ingestSession, type SessionsTestKernel } from './ingest-stand-in.js';

export const T0 = Date.UTC(2026, 10, 18, 12, 0, 0);
const MB = 1024 * 1024;
const SHOP = 'https://shop.example.test';
const API = 'https://api.example.test';

export const SESSION_NAMES = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta', 'theta'] as const;
export type SessionName = (typeof SESSION_NAMES)[number];

/** A tracker event without its time (the seed places it in seconds after the start). */
type TimelessEvent = TrackerEvent extends infer E ? (E extends unknown ? Omit<E, 'ts'> : never) : never;

interface SessionSeed {
  minute: number;
  session: Partial<IngestSession>;
  issues: string[];
  /** Seconds after the start, and the event without its `ts`. */
  events: [number, TimelessEvent][];
}

const page = (path: string) => ({ type: 'page', url: `${SHOP}${path}`, referrer: '', title: path }) as const;
const timing = (path: string, timings: Record<string, number>) => ({ type: 'page_timing', url: `${SHOP}${path}`, timings }) as const;
const click = (label: string, selector: string) => ({ type: 'click', label, selector }) as const;
const input = (label: string, selector: string, typed?: string) => ({ type: 'input', label, selector, value: typed ?? '***', mode: typed === undefined ? 'obscured' : 'plain' }) as const;
const custom = (name: string) => ({ type: 'custom', name }) as const;
const cpu = (load: number, memoryMb?: number) => ({ type: 'performance', cpu: load, ...(memoryMb === undefined ? {} : { memoryUsed: memoryMb * MB }) }) as const;
const request = (method: string, url: string, status: number, duration: number, bodies: { requestBody?: string; responseBody?: string } = {}) =>
  ({ type: 'request', kind: 'fetch', method, url, status, duration, ...bodies }) as const;
const graphql = (operationKind: 'query' | 'mutation' | 'subscription', operationName: string, bodies: { variables?: string; response?: string } = {}) =>
  ({ type: 'graphql', operationKind, operationName, duration: 40, ...bodies }) as const;
const error = (name: string, message: string) => ({ type: 'error', source: 'js_exception', name, message }) as const;

/**
 * Durations follow the last event: alpha 60 s, beta 120 s, gamma 7 s, delta 30 s, epsilon
 * 300 s, zeta 0, eta 4 s, theta 3 s. Sessions start 10 minutes apart in this order.
 */
export const SEEDS: Record<SessionName, SessionSeed> = {
  alpha: {
    minute: 0,
    session: { userId: 'ada@example.test', browser: 'Chrome', os: 'Linux', deviceType: 'desktop', country: 'FR', revId: 'rev-1', referrer: 'https://search.example.test/?q=shoes', metadata: { plan: 'pro', team: 'red' } },
    issues: ['click_rage'],
    events: [
      [1, page('/home')],
      [1.5, timing('/home', { ttfb: 100, domComplete: 800, largestContentfulPaint: 1200 })],
      [2, click('Buy now', 'button#buy.primary')],
      [3, input('Email', 'input#email')],
      [4, page('/checkout?step=1')],
      [4.5, timing('/checkout?step=1', { ttfb: 300, domComplete: 2500, largestContentfulPaint: 3000 })],
      [5, custom('purchase')],
      [6, request('GET', `${API}/cart`, 200, 120, { requestBody: '{"sku":"A-1"}', responseBody: '{"ok":true}' })],
      [7, cpu(20, 50)],
      [60, cpu(20, 50)],
    ],
  },
  beta: {
    minute: 10,
    session: { userId: 'bob', browser: 'Firefox', os: 'Windows', deviceType: 'desktop', country: 'DE', revId: 'rev-2', referrer: '', metadata: { plan: 'free' } },
    issues: ['js_exception', 'bad_request'],
    events: [
      [1, page('/checkout')],
      [1.5, timing('/checkout', { ttfb: 900, domComplete: 4000, largestContentfulPaint: 5000 })],
      [2, click('Buy now', 'button#buy.secondary')],
      [3, error('TypeError', 'x is undefined')],
      [4, request('POST', `${API}/pay`, 500, 2500, { requestBody: '{"card":"****"}', responseBody: '{"error":"declined"}' })],
      [5, graphql('query', 'GetCart', { variables: '{"id":1}', response: '{"cart":[]}' })],
      [6, { type: 'state_action', action: 'cart/add' }],
      [7, cpu(80, 400)],
      [120, cpu(80, 400)],
    ],
  },
  gamma: {
    minute: 20,
    session: { userAnonymousId: 'anon-1', browser: 'Safari', os: 'Mac OS X', device: 'iPhone', deviceType: 'mobile', country: 'US', revId: 'rev-1', referrer: 'https://social.example.test/post', metadata: { team: 'blue' } },
    issues: [],
    events: [
      [1, page('/home')],
      [1.5, timing('/home', { ttfb: 50 })],
      [2, click('Sign up', 'a.signup')],
      [3, click('Buy now', 'button#buy.primary')],
      [4, page('/checkout')],
      [5, graphql('mutation', 'AddItem', { variables: '{"sku":"B"}', response: '{"ok":true}' })],
      [6, request('GET', 'https://cdn.example.test/img.png', 404, 30)],
      [7, request('POST', `${API}/track`, 0, 5000)],
    ],
  },
  delta: {
    minute: 30,
    session: { userId: 'carol', browser: 'Chrome', os: 'Android', device: 'Pixel 7', deviceType: 'mobile', country: 'FR', revId: 'rev-3' },
    issues: ['crash'],
    events: [
      [1, page('/home')],
      [2, error('RangeError', 'index out of range')],
      [3, click('Buy now', 'button#buy.primary')],
      [4, request('DELETE', `${API}/cart/1`, 204, 50)],
      [5, graphql('subscription', 'OnCart')],
      [6, { type: 'state_action', action: 'user/login' }],
      [30, cpu(50)],
    ],
  },
  epsilon: {
    minute: 40,
    session: { userId: 'dave', userAnonymousId: 'anon-2', browser: 'Edge', os: 'Windows', deviceType: 'desktop', country: 'GB', revId: 'rev-2', metadata: { plan: 'pro' } },
    issues: ['dead_click', 'click_rage'],
    events: [
      [1, page('/home')],
      [2, click('Buy now', 'button#buy.primary')],
      [3, click('Help', 'a.help')],
      [4, click('Buy now', 'button#buy.primary')],
      [5, page('/checkout')],
      [6, custom('signup')],
      [300, custom('heartbeat')],
    ],
  },
  zeta: {
    minute: 50,
    session: { browser: 'Safari', os: 'iOS', device: 'iPad', deviceType: 'tablet', country: 'US', revId: null, referrer: '' },
    issues: [],
    events: [],
  },
  eta: {
    minute: 60,
    session: { userId: 'ada@example.test', browser: 'Chrome', os: 'Linux', deviceType: 'desktop', country: 'FR', revId: 'rev-1', metadata: { plan: 'Pro' } },
    issues: [],
    events: [
      [1, page('/sale_50%25')],
      [2, click('100% off_now\\x', 'div#promo')],
      [3, input('Search', 'input[name=q]', 'red shoes')],
      [4, page('/home')],
    ],
  },
  theta: {
    minute: 70,
    session: { browser: 'Chrome', os: null, deviceType: 'other', country: null, revId: 'rev-1' },
    issues: [],
    events: [
      [1, click('abc', 'div.abc')],
      [2, custom('purchase')],
      [3, page('/home')],
    ],
  },
};

/** Click labels per session, for expectations computed from the seed (hostile strings). */
export function clickLabels(name: SessionName): string[] {
  return SEEDS[name].events.flatMap(([, e]) => (e.type === 'click' ? [e.label] : []));
}

export function startOf(name: SessionName): number {
  return T0 + SEEDS[name].minute * 60_000;
}

export interface SeededProject {
  idOf: Record<SessionName, string>;
  nameOf: Map<string, SessionName>;
}

export async function seedSearchSessions(t: SessionsTestKernel, projectId: number, tenantId: number, prefix: string): Promise<SeededProject> {
  const idOf = {} as Record<SessionName, string>;
  const nameOf = new Map<string, SessionName>();
  for (const name of SESSION_NAMES) {
    const seed = SEEDS[name];
    const startedAt = startOf(name);
    const s = ingestSession(projectId, tenantId, {
      sessionId: `${prefix}-${name}`,
      startedAt,
      device: null,
      referrer: 'https://search.example.test/',
      metadata: {},
      ...seed.session,
    });
    await t.started(s);
    if (seed.events.length) {
      const events = seed.events.map(([seconds, e]) => ({ ...e, ts: startedAt + seconds * 1000 }) as TrackerEvent);
      // Stored an hour in: the summary ends a session no later than its batch arrived, and the seeds run to 300 s.
      await t.batch(s, decodedBatch(s, 0, events, { receivedAt: startedAt + 3_600_000 }));
    }
    await t.ctx.sql(sql`update sessions_sessions set issue_types = ${JSON.stringify(seed.issues)}::jsonb where session_id = ${s.sessionId}`);
    idOf[name] = s.sessionId;
    nameOf.set(s.sessionId, name);
  }
  return { idOf, nameOf };
}
