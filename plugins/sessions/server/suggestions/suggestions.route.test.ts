import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '@cassette/plugin-sdk/testing';
import type { IngestSession, TrackerEvent } from '@cassette/plugin-ingest/api';
import { createSessionsTestKernel, decodedBatch, ingestSession, type SessionsTestKernel } from '../../testing/ingest-stand-in.js';

const NOW = Date.now();
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const click = (label: string, selector = 'button'): TrackerEvent => ({ type: 'click', ts: 0, selector, label });

describe('filter suggestion routes', () => {
  let t: SessionsTestKernel;
  let projectId: number;
  let owner: TestUser;

  async function seed(session: IngestSession, events: TrackerEvent[]): Promise<void> {
    await t.started(session);
    const timed = events.map((e, i) => ({ ...e, ts: session.startedAt + (i + 1) * 1000 }) as TrackerEvent);
    await t.batch(session, decodedBatch(session, 0, timed, { receivedAt: session.startedAt + 60_000 }));
  }

  beforeAll(async () => {
    t = await createSessionsTestKernel();
    const tenant = await t.createTenant();
    ({ projectId, owner } = tenant);
    expect((await t.request('POST', `/api/${projectId}/metadata`, { token: owner.token, body: { key: 'plan' } })).status).toBe(200);
    const session = (id: string, minutesAgo: number, overrides: Partial<IngestSession>) =>
      ingestSession(projectId, tenant.tenantId, { sessionId: `sugg-${id}-${projectId}`, startedAt: NOW - minutesAgo * MINUTE, ...overrides });

    await seed(session('a', 30, { os: 'Linux', browser: 'Chrome', country: 'FR', referrer: 'https://search.example.test/', userId: 'alice', metadata: { plan: 'gold' } }), [
      { type: 'page', ts: 0, url: 'https://shop.example.test/checkout', referrer: '', title: 'Checkout' },
      click('Buy now', 'button.buy'),
      click('Add to cart', '#add'),
      { type: 'input', ts: 0, selector: 'input[name=email]', label: 'Email', value: 'alice@example.test', mode: 'plain' },
      { type: 'custom', ts: 0, name: 'purchase', payload: { amount: 3 } },
      { type: 'request', ts: 0, kind: 'fetch', url: 'https://api.example.test/api/cart', method: 'POST', status: 500, duration: 20 },
      { type: 'request', ts: 0, kind: 'fetch', url: 'https://api.example.test/api/items', method: 'GET', status: 200, duration: 10 },
      { type: 'error', ts: 0, source: 'js_exception', name: 'TypeError', message: 'TypeError: cart is undefined' },
      { type: 'console', ts: 0, level: 'warn', value: 'low stock' },
      { type: 'graphql', ts: 0, operationKind: 'query', operationName: 'GetCart' },
      { type: 'state_action', ts: 0, action: 'cart/add' },
    ]);
    await seed(session('b', 20, { os: 'Windows', browser: 'Firefox', country: 'DE', referrer: 'https://ads.example.test/', userId: 'bob', metadata: { plan: 'free' } }), [
      click('Buy now'),
      click('Buy 100% pure'),
      click('Rebuy'),
      click(''),
      click('   '),
      click("O'Brien's deal"),
      { type: 'page', ts: 0, url: 'https://shop.example.test/checkout', referrer: '', title: 'Checkout' },
    ]);
    await seed(session('c', 10, { os: 'Linux', browser: 'Chrome', country: '', referrer: '', userId: null }), [
      click('Buy_now', 'a.buy'),
      click('Buyer guide'),
      click('Buy now'),
      ...[1, 2, 3, 4, 5, 6].map((n) => click(`Item ${n}`)),
    ]);
    // Outside the window looked at, and another project: never suggested.
    await seed(session('old', 40 * DAY / MINUTE, { os: 'Solaris' }), [click('Buy old')]);
    const other = await t.createTenant();
    await seed(ingestSession(other.projectId, other.tenantId, { sessionId: `sugg-other-${other.projectId}`, startedAt: NOW - MINUTE, os: 'Haiku' }), [click('Buy elsewhere')]);
  });
  afterAll(async () => t?.close());

  const get = (path: string, token = owner.token) => t.request('GET', `/api/${projectId}${path}`, { token });
  const suggestions = async (path: string) => {
    const res = await get(path);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { type: string; value: string; count: number }[];
  };
  const values = async (path: string) => (await suggestions(path)).map((s) => s.value);

  it('suggests click labels with their session counts, prefix matches first, then the ones containing q', async () => {
    expect(await suggestions('/events/search?type=CLICK&q=buy')).toEqual([
      { type: 'CLICK', value: 'Buy now', count: 3 },
      { type: 'CLICK', value: 'Buy 100% pure', count: 1 },
      { type: 'CLICK', value: 'Buy_now', count: 1 },
      { type: 'CLICK', value: 'Buyer guide', count: 1 },
      { type: 'CLICK', value: 'Rebuy', count: 1 },
    ]);
  });

  it('caps the list at limit (10 by default) and refuses a limit outside 1..50', async () => {
    expect(await values('/events/search?type=CLICK&q=buy&limit=2')).toEqual(['Buy now', 'Buy 100% pure']);
    expect(await values('/events/search?type=CLICK')).toHaveLength(10);
    expect(await values('/events/search?type=CLICK&limit=50')).toHaveLength(13);
    for (const limit of ['0', '51', 'x']) expect((await get(`/events/search?type=CLICK&limit=${limit}`)).status, limit).toBe(400);
  });

  it('leaves empty values out and reads nothing older than the window or of another project', async () => {
    const all = await values('/events/search?type=CLICK');
    expect(all.every((v) => v.trim() !== '')).toBe(true);
    expect(all).not.toContain('Buy old');
    expect(all).not.toContain('Buy elsewhere');
  });

  it('matches %, _ and quotes literally', async () => {
    expect(await values('/events/search?type=CLICK&q=100%25')).toEqual(['Buy 100% pure']);
    expect(await values('/events/search?type=CLICK&q=%25')).toEqual(['Buy 100% pure']);
    expect(await values('/events/search?type=CLICK&q=y_n')).toEqual(['Buy_now']);
    expect(await values(`/events/search?type=CLICK&q=${encodeURIComponent("O'Brien")}`)).toEqual(["O'Brien's deal"]);
    expect(await values(`/events/search?type=CLICK&q=${encodeURIComponent("' or 1=1 --")}`)).toEqual([]);
    expect((await get(`/events/search?q=${'x'.repeat(201)}`)).status).toBe(400);
  });

  it('reads each event key from the field the search matches it against', async () => {
    expect(await suggestions('/events/search?type=LOCATION&q=/check')).toEqual([{ type: 'LOCATION', value: '/checkout', count: 2 }]);
    expect(await values('/events/search?type=TTFB')).toEqual(['/checkout']);
    // An input offers its label and what was typed in it, both of which the search matches.
    expect(await values('/events/search?type=INPUT')).toEqual(['Email', 'alice@example.test']);
    expect(await suggestions('/events/search?type=INPUT&q=alice')).toEqual([{ type: 'INPUT', value: 'alice@example.test', count: 1 }]);
    expect(await values('/events/search?type=CUSTOM')).toEqual(['purchase']);
    expect(await values('/events/search?type=FETCH')).toEqual(['/api/cart', '/api/items']);
    expect(await values('/events/search?type=FETCH_URL&q=item')).toEqual(['/api/items']);
    expect(await values('/events/search?type=FETCH_FAILED')).toEqual(['/api/cart']);
    expect(await values('/events/search?type=ERROR&q=cart')).toEqual(['TypeError: cart is undefined']);
    expect(await values('/events/search?type=GRAPHQL')).toEqual(['GetCart']);
    expect(await values('/events/search?type=STATEACTION')).toEqual(['cart/add']);
  });

  it('delegates session keys and metadata to the session attributes', async () => {
    expect(await suggestions('/events/search?type=USEROS')).toEqual([
      { type: 'USEROS', value: 'Linux', count: 2 },
      { type: 'USEROS', value: 'Windows', count: 1 },
    ]);
    expect(await suggestions('/events/search?type=METADATA&source=plan&q=g')).toEqual([{ type: 'plan', value: 'gold', count: 1 }]);
    expect(await values('/events/search?type=plan')).toEqual(['free', 'gold']);
  });

  it('mixes clicks, inputs, pages, custom events and session attributes without a type', async () => {
    expect(await suggestions('/events/search?q=li')).toEqual([
      { type: 'USEROS', value: 'Linux', count: 2 },
      { type: 'USERID', value: 'alice', count: 1 },
      { type: 'INPUT', value: 'alice@example.test', count: 1 },
    ]);
    const mixed = await suggestions('/events/search?q=e&limit=50');
    expect(new Set(mixed.map((s) => s.type))).toEqual(new Set(['CLICK', 'INPUT', 'LOCATION', 'CUSTOM', 'USERBROWSER', 'USERID', 'REFERRER', 'USERCOUNTRY', 'PLATFORM', 'REVID']));
    expect(mixed.slice(0, 1)).toEqual([{ type: 'INPUT', value: 'Email', count: 1 }]);
  });

  it('suggests session attribute values on /sessions/filters/search', async () => {
    expect(await suggestions('/sessions/filters/search?type=USERBROWSER&q=ch')).toEqual([{ type: 'USERBROWSER', value: 'Chrome', count: 2 }]);
    expect(await suggestions('/sessions/filters/search?type=USERCOUNTRY')).toEqual([
      { type: 'USERCOUNTRY', value: 'DE', count: 1 },
      { type: 'USERCOUNTRY', value: 'FR', count: 1 },
    ]);
    expect(await values('/sessions/filters/search?type=REFERRER&q=ads')).toEqual(['https://ads.example.test/']);
    expect(await values('/sessions/filters/search?type=USERID')).toEqual(['alice', 'bob']);
    expect(await values('/sessions/filters/search?type=PLATFORM')).toEqual(['desktop']);
    expect(await values('/sessions/filters/search?type=METADATA&source=plan')).toEqual(['free', 'gold']);
    expect(await values('/sessions/filters/search?type=plan&q=fr')).toEqual(['free']);
  });

  it('lists the most frequent values per key on /sessions/filters, empty ones removed', async () => {
    const res = await get('/sessions/filters');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      USEROS: ['Linux', 'Windows'],
      USERBROWSER: ['Chrome', 'Firefox'],
      USERDEVICE: [],
      // FID0: the project's first metadata field (plan).
      FID0: ['free', 'gold'],
      REFERRER: ['https://ads.example.test/', 'https://search.example.test/'],
      USERCOUNTRY: ['DE', 'FR'],
    });
  });

  it('suggests event values and selectors', async () => {
    expect(await suggestions('/events/values?type=INPUT&q=alice')).toEqual([{ type: 'INPUT', value: 'alice@example.test', count: 1 }]);
    expect(await values('/events/values?type=CUSTOM')).toEqual(['{"amount":3}']);
    expect(await values('/events/values?type=CONSOLE')).toEqual(['low stock']);
    expect(await values('/events/values?type=ERROR')).toEqual(['TypeError: cart is undefined']);
    expect(await suggestions('/events/values?q=low')).toEqual([{ type: 'CONSOLE', value: 'low stock', count: 1 }]);
    expect(await suggestions('/events/selectors?q=buy')).toEqual([
      { type: 'CLICK', value: 'a.buy', count: 1 },
      { type: 'CLICK', value: 'button.buy', count: 1 },
    ]);
    expect(await values('/events/selectors?type=INPUT')).toEqual(['input[name=email]']);
  });

  it('answers 400 naming the allowed types for a type it does not know', async () => {
    const cases: [string, RegExp][] = [
      ['/events/search?type=NOPE', /Unknown type "NOPE": use one of CLICK, INPUT, .*USEROS.*METADATA, or one of the project's metadata keys \(plan\)/],
      ['/sessions/filters/search?type=CLICK', /Unknown type "CLICK": use one of USEROS, .*METADATA/],
      ['/sessions/filters/search', /Unknown type "": use one of USEROS/],
      ['/events/values?type=LOCATION', /Unknown type "LOCATION": use one of INPUT, CUSTOM, ERROR, CONSOLE\./],
      ['/events/selectors?type=LOCATION', /Unknown type "LOCATION": use one of CLICK, INPUT\./],
      ['/events/search?type=METADATA', /needs the metadata key in "source"/],
      ['/events/search?type=constructor', /Unknown type "constructor"/],
      ['/sessions/filters/search?type=toString', /Unknown type "toString"/],
      ['/events/values?type=__proto__', /Unknown type "__proto__"/],
      ['/events/selectors?type=hasOwnProperty', /Unknown type "hasOwnProperty"/],
    ];
    for (const [path, message] of cases) {
      const res = await get(path);
      expect(res.status, path).toBe(400);
      expect(res.body.errors[0], path).toMatch(message);
    }
  });

  describe('Developer Tools data (console, network, GraphQL, state actions)', () => {
    const DEV_TOOLS_PATHS = [
      '/events/values?type=CONSOLE',
      '/events/values?type=CONSOLE&q=l',
      '/events/search?type=FETCH',
      '/events/search?type=FETCH_URL&q=api',
      '/events/search?type=FETCH_FAILED',
      '/events/search?type=GRAPHQL',
      '/events/search?type=GRAPHQL_NAME',
      '/events/search?type=STATEACTION',
    ];

    it('is refused to a member without Developer Tools, naming the key and the permission', async () => {
      const member = await t.createMember(owner.tenantId, { permissions: ['SESSION_REPLAY'] });
      for (const path of DEV_TOOLS_PATHS) {
        const res = await get(path, member.token);
        expect(res.status, path).toBe(403);
        const type = new URL(path, 'http://x').searchParams.get('type');
        expect(res.body.errors[0], path).toBe(`Not allowed: suggesting values of ${type} reads Developer Tools data, and your role lacks the Developer Tools permission. Please check with your admin.`);
      }
    });

    it('is left out of the lists without a type, which keep the rest', async () => {
      const member = await t.createMember(owner.tenantId, { permissions: ['SESSION_REPLAY'] });
      const mixed = async (path: string) => {
        const res = await get(path, member.token);
        expect(res.status, path).toBe(200);
        return res.body.data as { type: string; value: string }[];
      };
      expect(await mixed('/events/values?q=low')).toEqual([]);
      expect(new Set((await mixed('/events/values?limit=50')).map((s) => s.type))).toEqual(new Set(['INPUT', 'CUSTOM', 'ERROR']));
      expect((await mixed('/events/search?limit=50')).some((s) => ['CONSOLE', 'FETCH', 'GRAPHQL', 'STATEACTION'].includes(s.type))).toBe(false);
      expect(await mixed('/events/values?type=ERROR')).toEqual([{ type: 'ERROR', value: 'TypeError: cart is undefined', count: 1 }]);
      expect(Object.keys((await get('/sessions/filters', member.token)).body.data).sort()).toEqual(['FID0', 'REFERRER', 'USERBROWSER', 'USERCOUNTRY', 'USERDEVICE', 'USEROS']);
    });

    it('is answered to a member holding Developer Tools', async () => {
      const member = await t.createMember(owner.tenantId, { permissions: ['SESSION_REPLAY', 'DEV_TOOLS'] });
      for (const path of DEV_TOOLS_PATHS) expect((await get(path, member.token)).status, path).toBe(200);
      expect((await get('/events/values?type=CONSOLE', member.token)).body.data).toEqual([{ type: 'CONSOLE', value: 'low stock', count: 1 }]);
      expect((await get('/events/search?type=STATEACTION', member.token)).body.data).toEqual([{ type: 'STATEACTION', value: 'cart/add', count: 1 }]);
    });
  });

  it('needs the Session Replay permission', async () => {
    const member = await t.createMember(owner.tenantId, { permissions: [] });
    expect((await get('/events/search?type=CLICK', member.token)).status).toBe(403);
  });
});
