import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '@cassette/plugin-sdk/testing';
import { sessionsServices, type LiveSessions } from '../api.js';
import { createSessionsTestKernel, decodedBatch, ingestSession, type SessionsTestKernel } from '../testing/ingest-stand-in.js';

describe('the sessions.live service', () => {
  let t: SessionsTestKernel;
  let live: LiveSessions;
  let projectId: number;
  let owner: TestUser;
  const now = Date.now();

  beforeAll(async () => {
    t = await createSessionsTestKernel();
    live = t.kernel.resolve(sessionsServices.live);
    const tenant = await t.createTenant();
    ({ projectId, owner } = tenant);
    const visit = async (sessionId: string, startedAt: number, overrides: Parameters<typeof ingestSession>[2]) => {
      const s = ingestSession(projectId, tenant.tenantId, { sessionId, startedAt, ...overrides });
      await t.started(s);
      return s;
    };
    const ada = await visit('1900000000000000001', now, { userId: 'ada@shop.test', browser: 'Chrome', country: 'FR', metadata: { plan: 'pro' }, url: 'https://shop.example.test/' });
    await t.batch(ada, decodedBatch(ada, 0, [{ type: 'page', ts: now + 10, url: 'https://shop.example.test/checkout', referrer: '', title: 'Checkout' }], { receivedAt: now + 20 }));
    await visit('1900000000000000002', now - 1000, { userId: 'bob', browser: 'Firefox', country: 'DE', metadata: { plan: 'free' }, url: 'https://shop.example.test/help' });
    // Silent for an hour: its tab is gone.
    await visit('1900000000000000003', now - 3_600_000, { userId: 'ada@shop.test', browser: 'Chrome', country: 'FR', url: 'https://shop.example.test/' });
    const other = await t.createTenant();
    await t.started(ingestSession(other.projectId, other.tenantId, { sessionId: '1900000000000000004', startedAt: now }));
  });
  afterAll(async () => t?.close());

  const ids = async (query: Parameters<LiveSessions['list']>[1]) => (await live.list(projectId, query, owner.id)).sessions.map((s) => s.sessionId);

  it('lists the project’s live sessions only, newest first, marked live', async () => {
    const page = await live.list(projectId, {}, owner.id);
    expect(page.total).toBe(2);
    expect(page.sessions.map((s) => [s.sessionId, s.live])).toEqual([
      ['1900000000000000001', true],
      ['1900000000000000002', true],
    ]);
  });

  it('narrows by user id, browser, country, metadata and a visited URL', async () => {
    expect(await ids({ userId: 'ADA' })).toEqual(['1900000000000000001']);
    expect(await ids({ browser: 'firefox' })).toEqual(['1900000000000000002']);
    expect(await ids({ country: 'fr' })).toEqual(['1900000000000000001']);
    expect(await ids({ metadata: [{ key: 'plan', value: 'free' }] })).toEqual(['1900000000000000002']);
    expect(await ids({ url: '/checkout' })).toEqual(['1900000000000000001']);
    expect(await ids({ url: '100%_' })).toEqual([]);
    expect(await ids({ userId: 'ada', browser: 'Firefox' })).toEqual([]);
  });

  it('pages', async () => {
    const second = await live.list(projectId, { page: 2, limit: 1 }, owner.id);
    expect([second.total, second.sessions.map((s) => s.sessionId)]).toEqual([2, ['1900000000000000002']]);
    await expect(live.list(projectId, { limit: 0 }, owner.id)).rejects.toThrow(/limit/);
  });

  it('gets one session while it is live, and knows the ones that are not', async () => {
    expect((await live.get(projectId, '1900000000000000001', owner.id))?.userId).toBe('ada@shop.test');
    expect(await live.get(projectId, '1900000000000000003', owner.id)).toBeNull();
    expect(await live.get(projectId, '1900000000000000004', owner.id)).toBeNull();
    expect(await live.known(projectId, '1900000000000000003')).toBe(true);
    expect(await live.known(projectId, '1900000000000000004')).toBe(false);
  });
});
