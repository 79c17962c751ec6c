import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrackerEvent } from '@cassette/plugin-ingest/api';
import { sql } from '@cassette/plugin-sdk/server';
import { sessionsEvents } from '../api.js';
import { createSessionsTestKernel, decodedBatch, ingestSession, type SessionsTestKernel } from '../testing/ingest-stand-in.js';
import { MAX_START_LEAD_MS } from './session-writer.js';

const T0 = Date.UTC(2026, 10, 20, 10, 0, 0);

type Row = Record<string, any>;

describe('session summary processor', () => {
  let t: SessionsTestKernel;
  let projectId: number;
  let tenantId: number;
  const ended: unknown[] = [];

  beforeAll(async () => {
    t = await createSessionsTestKernel();
    ({ projectId, tenantId } = await t.createTenant());
    // Listen the way another plugin would: through the event bus.
    const bus = t.ctx.events as unknown as { subscribe(plugin: string, e: typeof sessionsEvents.ended, h: (p: unknown) => Promise<void>): void };
    bus.subscribe('test', sessionsEvents.ended, async (payload) => void ended.push(payload));
  });
  afterAll(async () => t?.close());

  const session = async (id: string) => (await t.ctx.sql<Row>(sql`select * from sessions_sessions where session_id = ${id}`))[0]!;
  const events = (id: string) => t.ctx.sql<Row>(sql`select * from sessions_events where session_id = ${id} order by seq, idx`);

  it('stores the start facts of a session', async () => {
    const s = ingestSession(projectId, tenantId, { userId: 'ada@example.test', metadata: { plan: 'pro' } });
    await t.started(s);
    const row = await session(s.sessionId);
    expect(row).toMatchObject({
      project_id: projectId,
      tenant_id: tenantId,
      user_id: 'ada@example.test',
      user_anonymous_id: null,
      user_browser: 'Chrome',
      user_browser_version: '156.0.0.0',
      user_os: 'Linux',
      user_device_type: 'desktop',
      user_country: 'FR',
      page_title: 'Products',
      first_url: 'https://shop.example.test/products?id=1',
      first_path: '/products',
      referrer: 'https://search.example.test/',
      timezone: 'Europe/Paris',
      language: 'fr-FR',
      screen_width: 1920,
      screen_height: 1080,
      rev_id: 'rev-42',
      tracker_version: '1.0.0',
      metadata: { plan: 'pro' },
      duration_ms: 0,
      ended_at: null,
    });
    expect(new Date(row.started_at).getTime()).toBe(T0);
    // A repeated start changes nothing.
    await t.started(s);
    expect(await session(s.sessionId)).toMatchObject({ user_id: 'ada@example.test', metadata: { plan: 'pro' } });
  });

  it('stores searchable events, counts them and keeps replays idempotent', async () => {
    const s = ingestSession(projectId, tenantId);
    await t.started(s);
    const first: TrackerEvent[] = [
      { type: 'page', ts: T0 + 10, url: 'https://shop.example.test/products?id=1', referrer: '', title: 'Products' },
      { type: 'click', ts: T0 + 1000, selector: 'button#buy', label: 'Buy now', x: 10, y: 20 },
      { type: 'input', ts: T0 + 2000, selector: 'input[name=q]', label: 'Search', value: '****', mode: 'obscured' },
      { type: 'console', ts: T0 + 2500, level: 'error', value: 'boom' },
      { type: 'error', ts: T0 + 3000, source: 'js_exception', name: 'TypeError', message: 'x is undefined', stack: 'at a.js:1:1' },
      { type: 'request', ts: T0 + 3500, kind: 'fetch', url: 'https://api.example.test/cart?x=1', method: 'post', status: 500, duration: 120.4, responseSize: 12 },
      { type: 'resource', ts: T0 + 3600, url: 'https://cdn.example.test/a.png', initiator: 'img', duration: 30, failed: true },
      { type: 'custom', ts: T0 + 3700, name: 'checkout', payload: { step: 2 } },
      { type: 'graphql', ts: T0 + 3800, operationKind: 'query', operationName: 'Cart', duration: 40 },
      { type: 'state_action', ts: T0 + 3900, action: 'cart/add' },
      { type: 'performance', ts: T0 + 4000, cpu: 20, memoryUsed: 1000 },
      { type: 'performance', ts: T0 + 5000, cpu: 40, memoryUsed: 3000 },
      { type: 'issue', ts: T0 + 5100, issueType: 'custom', payload: { why: 'test' } },
    ];
    const batch0 = decodedBatch(s, 0, first, { recording: [{ type: 3, timestamp: T0 + 6000, data: {} }] });
    await t.batch(s, batch0);
    await t.batch(s, batch0); // repeated after a crash
    const rows = await events(s.sessionId);
    expect(rows.map((r) => r.type)).toEqual(['LOCATION', 'CLICK', 'INPUT', 'CONSOLE', 'ERROR', 'FETCH', 'RESOURCE', 'CUSTOM', 'GRAPHQL', 'STATEACTION', 'PERFORMANCE', 'PERFORMANCE', 'ISSUE']);
    expect(rows[0]).toMatchObject({ url: 'https://shop.example.test/products?id=1', host: 'shop.example.test', path: '/products', label: 'Products' });
    expect(rows[1]).toMatchObject({ selector: 'button#buy', label: 'Buy now' });
    expect(rows[2]).toMatchObject({ value: '****', payload: { mode: 'obscured' } });
    expect(rows[3]).toMatchObject({ name: 'error', value: 'boom' });
    expect(rows[4]).toMatchObject({ name: 'TypeError', value: 'x is undefined', label: 'js_exception', payload: { stack: 'at a.js:1:1' } });
    expect(rows[5]).toMatchObject({ method: 'POST', status: 500, success: false, duration: 120, path: '/cart', payload: { kind: 'fetch', responseSize: 12 } });
    expect(rows[6]).toMatchObject({ success: false, label: 'img' });
    expect(rows[7]).toMatchObject({ name: 'checkout', value: '{"step":2}' });
    expect(rows[8]).toMatchObject({ name: 'Cart', method: 'query', duration: 40 });
    expect(rows[9]).toMatchObject({ name: 'cart/add' });
    expect(new Date(rows[1]!.ts).getTime()).toBe(T0 + 1000);

    const summary = await session(s.sessionId);
    expect(summary).toMatchObject({
      pages_count: 1,
      events_count: 4, // LOCATION, CLICK, INPUT, CUSTOM
      errors_count: 1,
      console_logs_count: 1,
      requests_count: 1,
      issue_types: [], // the issues processor's column (issues/issues.processor.test.ts)
      duration_ms: 6000, // the DOM recording's last event
      avg_cpu: 30,
      avg_memory_used: 2000,
    });

    // The next batch: a second page; counts are recomputed, not added twice.
    const batch1 = decodedBatch(s, 1, [
      { type: 'page', ts: T0 + 9000, url: 'https://shop.example.test/cart', referrer: 'https://shop.example.test/products?id=1', title: 'Cart' },
      { type: 'click', ts: T0 + 10_000, selector: 'a', label: 'Pay' },
    ]);
    await t.batch(s, batch1);
    await t.batch(s, batch1);
    await t.batch(s, batch0); // an old batch again: still nothing twice
    expect(await session(s.sessionId)).toMatchObject({ pages_count: 2, events_count: 6, duration_ms: 10_000 });
    expect(await events(s.sessionId)).toHaveLength(15);
  });

  it('starts a session at its earliest event: the page load the tracker recorded before the session was granted', async () => {
    const s = ingestSession(projectId, tenantId);
    await t.started(s);
    // The first batch holds what happened while the start request was on its way (server clock).
    const batch0 = decodedBatch(
      s,
      0,
      [
        { type: 'page', ts: T0 - 900, url: 'https://shop.example.test/', referrer: '', title: 'Shop' },
        { type: 'error', ts: T0 - 700, source: 'js_exception', name: 'TypeError', message: 'broke while loading' },
        { type: 'click', ts: T0 + 4000, selector: 'a', label: 'Next' },
      ],
      { recording: [{ type: 4, timestamp: T0 - 800, data: {} }, { type: 2, timestamp: T0 - 800, data: {} }] },
    );
    await t.batch(s, batch0);
    const row = await session(s.sessionId);
    expect(new Date(row.started_at).getTime()).toBe(T0 - 900);
    expect(row).toMatchObject({ duration_ms: 4900, errors_count: 1 });
    // Repeated, or followed by later batches, the start stays where it is.
    await t.batch(s, batch0);
    await t.batch(s, decodedBatch(s, 1, [{ type: 'click', ts: T0 + 6000, selector: 'a', label: 'Again' }]));
    expect(new Date((await session(s.sessionId)).started_at).getTime()).toBe(T0 - 900);
    expect((await session(s.sessionId)).duration_ms).toBe(6900);
  });

  it('moves a start back at most a few minutes, never forward, and not for a broken clock', async () => {
    const s = ingestSession(projectId, tenantId);
    await t.started(s);
    await t.batch(s, decodedBatch(s, 0, [{ type: 'custom', ts: 1, name: 'broken clock' }, { type: 'custom', ts: T0 + 1000, name: 'fine' }]));
    expect(new Date((await session(s.sessionId)).started_at).getTime()).toBe(T0);
    await t.batch(s, decodedBatch(s, 1, [{ type: 'custom', ts: T0 - 3 * 3_600_000, name: 'hours before' }]));
    expect(new Date((await session(s.sessionId)).started_at).getTime()).toBe(T0 - MAX_START_LEAD_MS);
  });

  it('fills the timings of the matching page visit', async () => {
    const s = ingestSession(projectId, tenantId);
    await t.started(s);
    await t.batch(s, decodedBatch(s, 0, [
      { type: 'page', ts: T0 + 10, url: 'https://shop.example.test/a', referrer: '', title: 'A' },
      { type: 'page_timing', ts: T0 + 500, url: 'https://shop.example.test/a', timings: { ttfb: 50.2, domContentLoaded: 300, domComplete: 450, load: 460, firstContentfulPaint: 200 } },
      { type: 'page', ts: T0 + 2000, url: 'https://shop.example.test/b', referrer: '', title: 'B' },
    ]));
    // LCP settles late and arrives in a later batch; known timings stay.
    await t.batch(s, decodedBatch(s, 1, [{ type: 'page_timing', ts: T0 + 3000, url: 'https://shop.example.test/a', timings: { largestContentfulPaint: 900 } }]));
    const rows = await events(s.sessionId);
    expect(rows.filter((r) => r.type === 'LOCATION')).toHaveLength(2);
    expect(rows[0]).toMatchObject({ ttfb: 50, dom_content_loaded: 300, dom_complete: 450, load_time: 460, fcp: 200, lcp: 900 });
    expect(rows[1]).toMatchObject({ path: '/b', ttfb: null, lcp: null });
    expect((await session(s.sessionId)).pages_count).toBe(2);
  });

  it('applies user id, anonymous id and metadata changes in order, capped', async () => {
    const s = ingestSession(projectId, tenantId, { userAnonymousId: 'anon-1', metadata: { plan: 'free' } });
    await t.started(s);
    const b0 = decodedBatch(s, 0, [
      { type: 'user_id', ts: T0 + 1, userId: 'first@example.test' },
      { type: 'metadata', ts: T0 + 2, key: 'plan', value: 'pro' },
      { type: 'metadata', ts: T0 + 3, key: 'company', value: 'Acme' },
      { type: 'user_id', ts: T0 + 4, userId: 'second@example.test' },
    ]);
    await t.batch(s, b0);
    expect(await session(s.sessionId)).toMatchObject({ user_id: 'second@example.test', user_anonymous_id: 'anon-1', metadata: { plan: 'pro', company: 'Acme' } });
    const many: TrackerEvent[] = Array.from({ length: 60 }, (_, i) => ({ type: 'metadata' as const, ts: T0 + 10 + i, key: `k${i}`, value: 'v'.repeat(2000) }));
    await t.batch(s, decodedBatch(s, 1, many));
    await t.batch(s, b0); // a late repeat of the first batch does not bring the first user id back
    const row = await session(s.sessionId);
    expect(row.user_id).toBe('second@example.test');
    expect(Object.keys(row.metadata)).toHaveLength(50);
    expect(row.metadata.plan).toBe('pro');
    expect(row.metadata.k0).toHaveLength(500);
    expect(row.metadata.k48).toBeUndefined();
  });

  it('publishes sessions.ended exactly once, with the final summary', async () => {
    const s = ingestSession(projectId, tenantId, { userId: 'grace' });
    await t.started(s);
    await t.batch(s, decodedBatch(s, 0, [
      { type: 'page', ts: T0 + 10, url: 'https://shop.example.test/', referrer: '', title: 'Home' },
      { type: 'error', ts: T0 + 20, source: 'handled', name: 'Error', message: 'nope' },
    ]));
    const before = ended.length;
    await t.ended(s, { endedAt: T0 + 45_000, batches: 1, reason: 'silence' });
    await t.ended(s, { endedAt: T0 + 45_000, batches: 1, reason: 'silence' });
    const mine = ended.slice(before);
    expect(mine).toEqual([
      {
        tenantId,
        projectId,
        sessionId: s.sessionId,
        startedAt: T0,
        duration: 45_000,
        userId: 'grace',
        pagesCount: 1,
        eventsCount: 1,
        errorsCount: 1,
        // What the issues processor stored before the end (it did not run here; a handled error is no issue anyway).
        issueTypes: [],
      },
    ]);
    const row = await session(s.sessionId);
    expect(new Date(row.ended_at).getTime()).toBe(T0 + 45_000);
    expect(row.duration_ms).toBe(45_000);
  });

  it('publishes sessions.ended on the retry when the first call crashed before publishing', async () => {
    const s = ingestSession(projectId, tenantId, { userId: 'linus' });
    await t.started(s);
    // The session was ended, then the process died before the event went out.
    await t.ctx.sql(sql`update sessions_sessions set ended_at = started_at, end_event_published_at = null where session_id = ${s.sessionId}`);
    const before = ended.length;
    await t.ended(s, { endedAt: T0 + 1_000, batches: 0, reason: 'final' });
    await t.ended(s, { endedAt: T0 + 1_000, batches: 0, reason: 'final' });
    expect(ended.slice(before)).toMatchObject([{ sessionId: s.sessionId, userId: 'linus' }]);
    expect((await session(s.sessionId)).end_event_published_at).not.toBeNull();
  });

  it('creates the summary from a batch whose start was lost, and survives hostile values', async () => {
    const s = ingestSession(projectId, tenantId);
    await t.batch(s, decodedBatch(s, 0, [
      { type: 'click', ts: Number.NaN, selector: 'a\u0000b', label: 'x'.repeat(5000) },
      { type: 'custom', ts: T0 + 5, name: 'deep', payload: JSON.parse('['.repeat(50) + ']'.repeat(50)) },
      { type: 'unknown-kind', ts: T0 + 6 } as unknown as TrackerEvent,
    ]));
    const rows = await events(s.sessionId);
    expect(rows.map((r) => r.type)).toEqual(['CLICK', 'CUSTOM']);
    expect(rows[0]!.selector).toBe('ab');
    expect(rows[0]!.label).toHaveLength(500);
    expect((await session(s.sessionId)).events_count).toBe(2);
  });
});
