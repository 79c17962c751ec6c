import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionsTestKernel, decodedBatch, ingestSession, type SessionsTestKernel } from '../../testing/ingest-stand-in.js';

describe('POST /api/:projectId/heatmaps/url', () => {
  let t: SessionsTestKernel;
  let tenant: Awaited<ReturnType<SessionsTestKernel['createTenant']>>;
  const at = Date.now() - 3_600_000;
  beforeAll(async () => {
    t = await createSessionsTestKernel();
    tenant = await t.createTenant();
    const s = ingestSession(tenant.projectId, tenant.tenantId, { sessionId: 'heatmap-route', startedAt: at });
    await t.started(s);
    await t.batch(
      s,
      decodedBatch(s, 0, [
        { type: 'page', ts: at, url: 'https://shop.example.test/cart', referrer: '', title: 'Cart' },
        { type: 'click', ts: at + 500, selector: '#buy', label: 'Buy', x: 40, y: 60, rx: 20, ry: 80 },
      ]),
    );
  });
  afterAll(async () => t?.close());

  const post = (body: unknown, token = tenant.owner.token) => t.request('POST', `/api/${tenant.projectId}/heatmaps/url`, { token, body });

  it("answers the page's last 7 days when no range is given, and only the range when one is", async () => {
    const recent = await post({ url: 'https://shop.example.test/cart' });
    expect(recent.status).toBe(200);
    expect(recent.body.data).toMatchObject({ pageViews: 1, totalClicks: 1, clicks: [{ selector: '#buy', rx: 20, ry: 80, x: 40, y: 60, count: 1 }] });
    const before = await post({ url: 'https://shop.example.test/cart', startDate: at - 20 * 86_400_000, endDate: at - 8 * 86_400_000 });
    expect(before.body.data).toMatchObject({ pageViews: 0, totalClicks: 0, clicks: [] });
  });

  it('refuses a missing url, a range backwards and a member without session replay', async () => {
    expect((await post({})).status).toBe(400);
    const backwards = await post({ url: '/cart', startDate: 5000, endDate: 10 });
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors[0]).toMatch(/startDate \(5000\) is after endDate \(10\)/);
    const member = await t.createMember(tenant.tenantId, { permissions: ['ERRORS'] });
    expect((await post({ url: '/cart' }, member.token)).status).toBe(403);
  });
});
