import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionsTestKernel, decodedBatch, ingestSession, type SessionsTestKernel } from '../../testing/ingest-stand-in.js';

const PAGE = 'https://shop.example.test/cart';

describe('GET and POST /api/:projectId/targets_temp', () => {
  let t: SessionsTestKernel;
  let tenant: Awaited<ReturnType<SessionsTestKernel['createTenant']>>;
  const at = Date.now() - 3_600_000;
  beforeAll(async () => {
    t = await createSessionsTestKernel();
    tenant = await t.createTenant();
    const s = ingestSession(tenant.projectId, tenant.tenantId, { sessionId: 'targets-route', startedAt: at });
    await t.started(s);
    const click = (ms: number, selector: string) => ({ type: 'click' as const, ts: at + ms, selector, label: selector, x: 1, y: 1 });
    // On the cart page: three clicks on #buy and one elsewhere; then a click on another page.
    await t.batch(
      s,
      decodedBatch(s, 0, [
        { type: 'page', ts: at, url: `${PAGE}?step=1`, referrer: '', title: 'Cart' },
        click(100, '#buy'),
        click(1000, '#buy'),
        click(2000, '#buy'),
        click(3000, 'main > p'),
        { type: 'page', ts: at + 4000, url: 'https://shop.example.test/done', referrer: '', title: 'Done' },
        click(5000, '#buy'),
      ]),
    );
  });
  afterAll(async () => t?.close());

  const get = (query: string, token = tenant.owner.token) => t.request('GET', `/api/${tenant.projectId}/targets_temp${query}`, { token });
  const post = (body: unknown, token = tenant.owner.token) => t.request('POST', `/api/${tenant.projectId}/targets_temp`, { token, body });

  it("names an element of a page, and the page's defined percent is the share of its clicks on its targets", async () => {
    const none = await get(`?url=${encodeURIComponent(PAGE)}`);
    expect(none.body.data).toEqual({ targets: [], definedPercent: 0, totalClicks: 4, labeledClicks: 0 });

    const created = await post({ label: '  Buy button ', path: '#buy', location: `${PAGE}?step=2#top` });
    expect(created.status).toBe(200);
    expect(created.body.data).toEqual({ targetId: expect.any(Number), label: 'Buy button', path: '#buy', isCustom: true, location: PAGE });

    const page = await get(`?url=${encodeURIComponent(PAGE)}`);
    expect(page.body.data).toEqual({ targets: [created.body.data], definedPercent: 75, totalClicks: 4, labeledClicks: 3 });
    // Naming the same element again renames it; the project's list has every page's targets.
    await post({ label: 'Buy now', path: '#buy', location: PAGE });
    const all = await get('');
    expect(all.body.data).toMatchObject({ targets: [{ targetId: created.body.data.targetId, label: 'Buy now' }] });
    // No page, no defined percent (empty values are left out of answers).
    expect(all.body.data.definedPercent).toBeUndefined();
  });

  it('renames and removes by id; an unknown id is a 404, a missing label or a page that is no address a 400', async () => {
    const { targetId } = (await post({ label: 'Note', path: 'main > p', location: PAGE })).body.data;
    expect((await post({ targetId, label: 'Small print' })).body.data).toMatchObject({ targetId, label: 'Small print', path: 'main > p' });
    expect((await post({ targetId, remove: true })).body.data).toMatchObject({ targetId, label: 'Small print' });
    expect((await post({ targetId, remove: true })).status).toBe(404);
    expect((await post({ remove: true })).status).toBe(400);
    const blank = await post({ label: '   ', path: '#x', location: PAGE });
    expect([blank.status, blank.body.errors[0]]).toEqual([400, 'label is required: name the element (e.g. "Add to cart")']);
    expect((await post({ label: 'X', path: '#x', location: 'javascript:alert(1)' })).status).toBe(400);
    expect((await post({ label: 'X', location: PAGE })).status).toBe(400);
    expect((await get(`?url=${encodeURIComponent('not a page')}`)).status).toBe(400);
    const member = await t.createMember(tenant.tenantId, { permissions: ['ERRORS'] });
    expect((await post({ label: 'X', path: '#x', location: PAGE }, member.token)).status).toBe(403);
  });
});
