import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '@cassette/plugin-sdk/testing';
import type { IngestSession } from '@cassette/plugin-ingest/api';
import { coreServices, sql } from '@cassette/plugin-sdk/server';
import { decodedBatch, ingestSession } from '../testing/ingest-stand-in.js';
import { loadSessionDetail } from './session-detail.js';
import { createPlayerTestKernel, sessionIdAt, type PlayerTestKernel } from '../testing/stored-recordings.js';

const T0 = Date.UTC(2026, 10, 20, 10, 0, 0);

describe('GET /api/:projectId/sessions2/:sessionId', () => {
  let t: PlayerTestKernel;
  let projectId: number;
  let tenantId: number;
  let owner: TestUser;
  let s: IngestSession;
  let before: IngestSession;
  let after: IngestSession;

  beforeAll(async () => {
    t = await createPlayerTestKernel();
    ({ projectId, tenantId, owner } = await t.createTenant());
    before = ingestSession(projectId, tenantId, { sessionId: sessionIdAt(T0 - 60_000), startedAt: T0 - 60_000 });
    s = ingestSession(projectId, tenantId, { sessionId: sessionIdAt(T0), startedAt: T0, userId: 'ada', os: 'iOS', deviceType: 'mobile' });
    after = ingestSession(projectId, tenantId, { sessionId: sessionIdAt(T0 + 60_000), startedAt: T0 + 60_000 });
    for (const x of [before, s, after]) await t.started(x);
    await t.batch(
      s,
      decodedBatch(s, 0, [
        { type: 'page', ts: T0 + 5, url: 'https://shop.example.test/cart', referrer: 'https://shop.example.test/', title: 'Cart' },
        { type: 'page_timing', ts: T0 + 800, url: 'https://shop.example.test/cart', timings: { ttfb: 40, load: 700, firstContentfulPaint: 300, domContentLoaded: 500, domBuilding: 120 } },
        { type: 'click', ts: T0 + 900, selector: 'button#buy', label: 'Buy' },
        { type: 'input', ts: T0 + 1000, selector: 'input#email', label: 'Email', value: '***', mode: 'obscured' },
        { type: 'custom', ts: T0 + 1100, name: 'checkout', payload: { step: 2 } },
        {
          type: 'request',
          ts: T0 + 1200,
          kind: 'fetch',
          url: 'https://api.example.test/v1/cart?id=1',
          method: 'post',
          status: 200,
          duration: 150,
          responseSize: 321,
          requestHeaders: { 'content-type': 'application/json' },
          responseHeaders: { 'x-id': '7' },
          requestBody: '{"id":1}',
          responseBody: '{"ok":true}',
        },
        { type: 'request', ts: T0 + 1300, kind: 'xhr', url: 'https://api.example.test/v1/pay', method: 'GET', status: 500, duration: 90 },
        { type: 'graphql', ts: T0 + 1400, operationKind: 'query', operationName: 'Cart', duration: 30, variables: '{"id":1}' },
        { type: 'state_action', ts: T0 + 1450, action: 'cart/add' },
        { type: 'console', ts: T0 + 1500, level: 'warn', value: 'careful' },
        { type: 'error', ts: T0 + 1600, source: 'js_exception', name: 'TypeError', message: 'x is undefined', stack: 'at a.js:1:2' },
        { type: 'resource', ts: T0 + 1700, url: 'https://cdn.example.test/img/hero.png', initiator: 'img', duration: 20, status: 404, failed: true },
        { type: 'resource', ts: T0 + 1800, url: 'https://cdn.example.test/app.js', initiator: 'script', duration: 4000, status: 200, transferSize: 9000, failed: false },
        { type: 'performance', ts: T0 + 2000, cpu: 42, memoryUsed: 1_000_000, memoryTotal: 4_000_000, fps: 58 },
      ]),
    );
    const other = await t.createTenant();
    await t.started(ingestSession(other.projectId, other.tenantId, { sessionId: sessionIdAt(T0), startedAt: T0 }));
  });
  afterAll(async () => t?.close());

  const get = (sessionId: string, token = owner.token, project = projectId) => t.request('GET', `/api/${project}/sessions2/${sessionId}`, { token });

  it('answers the session with its events, errors and developer data, times relative to the start', async () => {
    const res = await get(s.sessionId);
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d).toMatchObject({
      sessionId: s.sessionId,
      projectId,
      siteId: projectId,
      startedAt: T0,
      duration: 2000,
      userId: 'ada',
      userDisplayName: 'ada',
      isMobile: true,
      isIOS: true,
      screen: { width: 1920, height: 1080 },
      viewport: { width: 1280, height: 720 },
      devtools: true,
      favorite: false,
      viewed: false,
      previousSessionId: before.sessionId,
      nextSessionId: after.sessionId,
    });
    expect(d.projectKey).toMatch(/\S/);
    expect(d.events).toEqual([
      {
        key: '0:0',
        type: 'LOCATION',
        time: 5,
        timestamp: T0 + 5,
        url: 'https://shop.example.test/cart',
        host: 'shop.example.test',
        path: '/cart',
        title: 'Cart',
        referrer: 'https://shop.example.test/',
        pageLoad: 700,
        fcpTime: 300,
        ttfb: 40,
        loadTime: 700,
        domContentLoadedTime: 500,
        domBuildingTime: 120,
      },
      { key: '0:2', type: 'CLICK', time: 900, timestamp: T0 + 900, target: { path: 'button#buy', label: 'Buy' }, targetContent: 'Buy', count: 1 },
      { key: '0:3', type: 'INPUT', time: 1000, timestamp: T0 + 1000, target: { path: 'input#email', label: 'Email' }, value: '***' },
      { key: '0:4', type: 'CUSTOM', time: 1100, timestamp: T0 + 1100, name: 'checkout', payload: { step: 2 } },
    ]);
    expect(d.errors).toEqual([{ key: '0:10', source: 'js_exception', name: 'TypeError', message: 'x is undefined', stack: 'at a.js:1:2', time: 1600, timestamp: T0 + 1600 }]);
    expect(d.logs).toEqual([{ level: 'warn', value: 'careful', time: 1500, timestamp: T0 + 1500 }]);
    expect(d.stackEvents).toEqual([
      { key: '0:7', type: 'GRAPHQL', name: 'Cart', method: 'query', duration: 30, payload: { variables: '{"id":1}' }, time: 1400, timestamp: T0 + 1400 },
      { key: '0:8', type: 'STATEACTION', name: 'cart/add', time: 1450, timestamp: T0 + 1450 },
    ]);
    expect(d.performance).toEqual([{ time: 2000, timestamp: T0 + 2000, cpu: 42, memoryUsed: 1_000_000, memoryTotal: 4_000_000, fps: 58 }]);

    const byKey = Object.fromEntries(d.resources.map((r: { key: string }) => [r.key, r]));
    expect(d.resources.map((r: { type: string }) => r.type)).toEqual(['fetch', 'xhr', 'img', 'script']);
    expect(byKey['0:5']).toEqual({
      key: '0:5',
      type: 'fetch',
      url: 'https://api.example.test/v1/cart?id=1',
      name: 'cart',
      method: 'POST',
      status: 200,
      success: true,
      duration: 150,
      score: expect.any(Number),
      time: 1200,
      timestamp: T0 + 1200,
      payload: '{"id":1}',
      response: '{"ok":true}',
      headers: { request: { 'content-type': 'application/json' }, response: { 'x-id': '7' } },
      encodedBodySize: 321,
    });
    expect(byKey['0:6']).toMatchObject({ type: 'xhr', status: 500, success: false, name: 'pay' });
    expect(byKey['0:11']).toMatchObject({ type: 'img', name: 'hero.png', status: 404, success: false, score: 100 });
    expect(byKey['0:12']).toMatchObject({ type: 'script', status: 200, success: true, duration: 4000, encodedBodySize: 9000 });
    // A slow resource scores higher than a quick one; a failed one scores at the top.
    expect(byKey['0:12'].score).toBeGreaterThan(byKey['0:5'].score);
    expect(d.missedResources.map((r: { key: string }) => r.key)).toEqual(['0:11']);
  });

  it('leaves out console, network, stack events and performance for a role without Developer Tools', async () => {
    const member = await t.createMember(tenantId, { permissions: ['SESSION_REPLAY'] });
    const res = await get(s.sessionId, member.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ devtools: false, logs: [], resources: [], stackEvents: [], performance: [] });
    // What the player shows everyone stays.
    expect(res.body.data.events).toHaveLength(4);
    expect(res.body.data.errors).toHaveLength(1);
    expect(res.body.data.missedResources).toHaveLength(1);

    const withDevTools = await t.createMember(tenantId, { permissions: ['SESSION_REPLAY', 'DEV_TOOLS'] });
    const full = await get(s.sessionId, withDevTools.token);
    expect(full.body.data.devtools).toBe(true);
    expect(full.body.data.logs).toHaveLength(1);
    expect(full.body.data.resources).toHaveLength(4);
  });

  it("shows the caller's own favorite and viewed marks", async () => {
    await t.ctx.sql(sql`insert into sessions_favorites (session_id, user_id, project_id) values (${before.sessionId}, ${owner.id}, ${projectId})`);
    await t.ctx.sql(sql`insert into sessions_viewed (session_id, user_id, project_id) values (${before.sessionId}, ${owner.id}, ${projectId})`);
    const mine = await get(before.sessionId);
    expect(mine.body.data).toMatchObject({ favorite: true, viewed: true, nextSessionId: s.sessionId });
    expect(mine.body.data.previousSessionId).toBeUndefined();
    const admin = await t.createMember(tenantId, { admin: true });
    expect((await get(before.sessionId, admin.token)).body.data).toMatchObject({ favorite: false, viewed: false, devtools: true });
  });

  it('answers the issues found, and shows a click-rage burst in the event list', async () => {
    const rage = ingestSession(projectId, tenantId, { sessionId: sessionIdAt(T0 + 5000), startedAt: T0 + 5000 });
    await t.started(rage);
    await t.batch(
      rage,
      decodedBatch(
        rage,
        0,
        [
          ...[100, 250, 400, 550].map((ms) => ({ type: 'click' as const, ts: T0 + 5000 + ms, selector: 'button#pay', label: 'Pay' })),
          // The burst is over once something happens well after its last click.
          { type: 'custom' as const, ts: T0 + 7000, name: 'gave up' },
        ],
      ),
    );
    const d = (await get(rage.sessionId)).body.data;
    const found = d.issues.find((i: { type: string }) => i.type === 'click_rage');
    expect(found).toMatchObject({ type: 'click_rage', name: 'Click Rage', time: 100, timestamp: T0 + 5100 });
    expect(d.issueScore).toBeGreaterThan(0);
    // No uncaught error ended this visit: no crashes.
    expect(d.crashes).toEqual([]);
    expect(d.events.map((e: { type: string }) => e.type)).toEqual(['CLICK', 'CLICKRAGE', 'CLICK', 'CLICK', 'CLICK', 'CUSTOM']);
    expect(d.events[1]).toMatchObject({ type: 'CLICKRAGE', time: 100, target: { path: 'button#pay', label: 'Pay' }, targetContent: 'Pay', count: 4 });
  });

  it('caps every list, keeping the earliest items', async () => {
    const capped = await loadSessionDetail(t.ctx.sql, t.kernel.resolve(coreServices.projects), {
      projectId,
      sessionId: s.sessionId,
      viewerId: owner.id,
      devtools: true,
      cap: 2,
    });
    expect(capped.events.map((e) => e.type)).toEqual(['LOCATION', 'CLICK']);
    expect(capped.resources.map((r) => r.key)).toEqual(['0:5', '0:6']);
    expect(capped.logs).toHaveLength(1);
  });

  it('places what was recorded before the granted start (the page load) from the session start, in order', async () => {
    const granted = T0 + 3_600_000;
    const loaded = ingestSession(projectId, tenantId, { sessionId: sessionIdAt(granted), startedAt: granted });
    await t.started(loaded);
    await t.batch(
      loaded,
      decodedBatch(loaded, 0, [
        { type: 'page', ts: granted - 600, url: 'https://shop.example.test/', referrer: '', title: 'Shop' },
        { type: 'console', ts: granted - 500, level: 'log', value: 'loading' },
        { type: 'error', ts: granted - 400, source: 'js_exception', name: 'TypeError', message: 'broke while loading' },
        { type: 'request', ts: granted - 300, kind: 'fetch', url: 'https://shop.example.test/api/config', method: 'GET', status: 500, duration: 20 },
        { type: 'click', ts: granted + 1000, selector: 'a', label: 'Next' },
      ]),
    );
    const d = (await get(loaded.sessionId)).body.data;
    expect(d.startedAt).toBe(granted - 600);
    expect(d.duration).toBe(1600);
    expect(d.events.map((e: { type: string; time: number }) => [e.type, e.time])).toEqual([
      ['LOCATION', 0],
      ['CLICK', 1600],
    ]);
    expect(d.logs.map((l: { time: number }) => l.time)).toEqual([100]);
    expect(d.errors.map((e: { time: number; message: string }) => [e.time, e.message])).toEqual([[200, 'broke while loading']]);
    expect(d.resources.map((r: { time: number }) => r.time)).toEqual([300]);
  });

  it("answers 404 for an unknown id and for another project's session, 400 for an id that is not one", async () => {
    const unknown = await get('1999999999999000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors).toEqual(['Session not found']);
    const foreign = (await t.ctx.sql<{ session_id: string }>(sql`select session_id from sessions_sessions where project_id <> ${projectId} limit 1`))[0]!;
    expect((await get(foreign.session_id)).status).toBe(404);
    for (const garbage of ['abc', '123', '12345678901234567890', "1' or '1'='1", '-1']) {
      const res = await get(encodeURIComponent(garbage));
      expect(res.status, garbage).toBe(400);
      expect(res.body.errors.length).toBeGreaterThan(0);
    }
  });
});
