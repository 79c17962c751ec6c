import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestKernel } from '@cassette/plugin-sdk/testing';
import notificationsPlugin from '../server.js';
import { notificationsService, type Notification, type NotificationsService } from '../api.js';

/** A logged-in user of the test kernel (the SDK's testing entry does not export the type). */
type TestUser = Awaited<ReturnType<TestKernel['createMember']>>;

describe('notification routes', () => {
  let t: TestKernel;
  let service: NotificationsService;
  let tenantA: number;
  let projectA1: number;
  let projectA2: number;
  let owner: TestUser;
  let member: TestUser;
  /** A member whose role covers project A1 only. */
  let scoped: TestUser;
  let tenantB: number;
  let ownerB: TestUser;

  const list = async (user: TestUser) => {
    const res = await t.request('GET', '/api/notifications', { token: user.token });
    expect(res.status).toBe(200);
    return res.body.data as Notification[];
  };
  const count = async (user: TestUser) => {
    const res = await t.request('GET', '/api/notifications/count', { token: user.token });
    expect(res.status).toBe(200);
    return res.body.data.count as number;
  };
  const isViewed = async (user: TestUser, id: number) => (await list(user)).find((n) => n.notificationId === id)?.viewed;

  beforeAll(async () => {
    t = await createTestKernel({ plugins: [notificationsPlugin] });
    service = t.kernel.resolve(notificationsService);
    const a = await t.createTenant('Tenant A');
    tenantA = a.tenantId;
    projectA1 = a.projectId;
    owner = a.owner;
    const second = await t.request('POST', '/api/projects', { token: owner.token, body: { name: 'Second project', host: 'site.example.test' } });
    expect(second.status).toBe(200);
    projectA2 = second.body.data.id;
    member = await t.createMember(tenantA, { permissions: ['SESSION_REPLAY'] });
    scoped = await t.createMember(tenantA, { permissions: ['SESSION_REPLAY'], projectIds: [projectA1] });
    const b = await t.createTenant('Tenant B');
    tenantB = b.tenantId;
    ownerB = b.owner;
  });

  afterAll(async () => {
    await t?.close();
  });

  it('starts empty', async () => {
    expect(await list(owner)).toEqual([]);
    expect(await count(owner)).toBe(0);
  });

  it('notify() reaches every member of the tenant by default, and only them', async () => {
    const ids = await service.notify({ tenantId: tenantA, title: 'Maintenance tonight' });
    expect(ids).toHaveLength(3);
    for (const user of [owner, member, scoped]) {
      const [first] = await list(user);
      expect(first).toEqual({
        notificationId: expect.any(Number),
        level: 'info',
        title: 'Maintenance tonight',
        viewed: false,
        type: 'system',
        createdAt: expect.any(Number),
        options: { source: 'SYSTEM' },
      });
      expect(ids).toContain(first!.notificationId);
      expect(await count(user)).toBe(1);
    }
    expect(await list(ownerB)).toEqual([]);
  });

  it('answers every field of the spec shape', async () => {
    const before = Date.now();
    const [id] = await service.notify({
      tenantId: tenantA,
      projectId: projectA1,
      userIds: [owner.id],
      title: 'Page load time above 3000 ms',
      description: 'performance.page_load_time.average was 3412 ms over the last 15 minutes',
      level: 'warning',
      link: `/${projectA1}/dashboard/metrics`,
      source: 'ALERT',
      sourceId: '17',
      sourceMeta: { value: 3412, threshold: 3000 },
      filterKey: 'alert',
    });
    const [newest] = await list(owner);
    expect(newest).toEqual({
      notificationId: id,
      level: 'warning',
      title: 'Page load time above 3000 ms',
      description: 'performance.page_load_time.average was 3412 ms over the last 15 minutes',
      link: `/${projectA1}/dashboard/metrics`,
      viewed: false,
      type: 'alert',
      createdAt: expect.any(Number),
      options: { source: 'ALERT', sourceId: '17', projectId: projectA1, sourceMeta: { value: 3412, threshold: 3000 } },
      filterKey: 'alert',
    });
    expect(newest!.createdAt).toBeGreaterThanOrEqual(before - 1000);
    expect(newest!.createdAt).toBeLessThanOrEqual(Date.now() + 1000);
    // Sent to the owner only.
    expect((await list(member)).some((n) => n.notificationId === id)).toBe(false);
  });

  it('lists the newest 50, newest first', async () => {
    const batch: number[] = [];
    for (let i = 0; i < 55; i += 1) batch.push(...(await service.notify({ tenantId: tenantA, userIds: [member.id], title: `Batch ${i}` })));
    const items = await list(member);
    expect(items).toHaveLength(50);
    expect(items[0]!.title).toBe('Batch 54');
    expect(items[49]!.title).toBe('Batch 5');
    for (let i = 1; i < items.length; i += 1) expect(items[i - 1]!.createdAt).toBeGreaterThanOrEqual(items[i]!.createdAt);
    // The badge counts all unviewed ones, not only those listed.
    expect(await count(member)).toBe(56);
  });

  it('GET /notifications/:id/view marks one viewed, idempotently', async () => {
    const [id] = await service.notify({ tenantId: tenantA, userIds: [owner.id], title: 'One to view' });
    const before = await count(owner);
    const res = await t.request('GET', `/api/notifications/${id}/view`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ notificationId: id, viewed: true, title: 'One to view' });
    expect(await count(owner)).toBe(before - 1);
    const again = await t.request('GET', `/api/notifications/${id}/view`, { token: owner.token });
    expect(again.status).toBe(200);
    expect(await count(owner)).toBe(before - 1);
  });

  it("another user's or tenant's notification is not found, and stays unviewed", async () => {
    const [memberOwn] = await service.notify({ tenantId: tenantA, userIds: [member.id], title: "Member's" });
    const [otherTenant] = await service.notify({ tenantId: tenantB, title: "Tenant B's" });
    for (const id of [memberOwn!, otherTenant!]) {
      const res = await t.request('GET', `/api/notifications/${id}/view`, { token: owner.token });
      expect(res.status).toBe(404);
      expect(res.body.errors).toEqual(['Notification not found']);
      const many = await t.request('POST', '/api/notifications/view', { token: owner.token, body: { ids: [id] } });
      expect(many.status).toBe(404);
    }
    expect(await isViewed(member, memberOwn!)).toBe(false);
    expect(await isViewed(ownerB, otherTenant!)).toBe(false);
    expect(await count(ownerB)).toBe(1);
  });

  it('POST /notifications/view marks the given ids, all or nothing', async () => {
    const ids = [
      ...(await service.notify({ tenantId: tenantA, userIds: [owner.id], title: 'First of two' })),
      ...(await service.notify({ tenantId: tenantA, userIds: [owner.id], title: 'Second of two' })),
    ];
    const [foreign] = await service.notify({ tenantId: tenantB, title: 'Not yours' });
    const refused = await t.request('POST', '/api/notifications/view', { token: owner.token, body: { ids: [...ids, foreign] } });
    expect(refused.status).toBe(404);
    for (const id of ids) expect(await isViewed(owner, id)).toBe(false);

    const before = await count(owner);
    const res = await t.request('POST', '/api/notifications/view', { token: owner.token, body: { ids } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ count: before - 2 });
    for (const id of ids) expect(await isViewed(owner, id)).toBe(true);
  });

  it("POST /notifications/view with endTimestamp ('IGNORE ALL') marks all up to the newest shown, not later ones", async () => {
    await service.notify({ tenantId: tenantA, userIds: [owner.id], title: 'Shown' });
    const shown = await list(owner);
    const newest = shown[0]!.createdAt;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const [later] = await service.notify({ tenantId: tenantA, userIds: [owner.id], title: 'Arrived after the panel opened' });

    const res = await t.request('POST', '/api/notifications/view', { token: owner.token, body: { endTimestamp: newest } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ count: 1 });
    const after = await list(owner);
    expect(after.filter((n) => !n.viewed).map((n) => n.notificationId)).toEqual([later]);
    // Nobody else's notifications moved.
    expect(await count(member)).toBeGreaterThan(0);
    expect(await count(ownerB)).toBeGreaterThan(0);
  });

  it('refuses bad input with 400 { errors } and changes nothing', async () => {
    await service.notify({ tenantId: tenantA, userIds: [owner.id], title: 'Still unviewed' });
    const before = await count(owner);
    const bad: [string, string, unknown][] = [
      ['POST', '/api/notifications/view', {}],
      ['POST', '/api/notifications/view', { ids: [1], endTimestamp: Date.now() }],
      ['POST', '/api/notifications/view', { ids: [] }],
      ['POST', '/api/notifications/view', { ids: ['abc'] }],
      ['POST', '/api/notifications/view', { ids: [0] }],
      ['POST', '/api/notifications/view', { endTimestamp: -1 }],
      ['POST', '/api/notifications/view', { endTimestamp: 'yesterday' }],
      ['POST', '/api/notifications/view', { endTimestamp: 1.5 }],
      ['POST', '/api/notifications/view', { endTimestamp: '1e400' }],
      ['POST', '/api/notifications/view', { ids: ['Infinity'] }],
      ['GET', '/api/notifications/abc/view', undefined],
      ['GET', '/api/notifications/0/view', undefined],
      ['GET', '/api/notifications/99999999999/view', undefined],
      ['GET', '/api/notifications/1e400/view', undefined],
      ['GET', '/api/notifications/Infinity/view', undefined],
    ];
    for (const [method, url, body] of bad) {
      const res = await t.request(method, url, { token: owner.token, body });
      expect(res.status, `${method} ${url} ${JSON.stringify(body)}`).toBe(400);
      expect(Array.isArray(res.body.errors) && res.body.errors.length > 0).toBe(true);
    }
    expect(await count(owner)).toBe(before);
  });

  it("hides notifications about projects outside the member's role", async () => {
    const [aboutA1] = await service.notify({ tenantId: tenantA, projectId: projectA1, userIds: [scoped.id], title: 'About A1' });
    const [aboutA2] = await service.notify({ tenantId: tenantA, projectId: projectA2, userIds: [scoped.id], title: 'About A2' });
    const seen = (await list(scoped)).map((n) => n.notificationId);
    expect(seen).toContain(aboutA1);
    expect(seen).not.toContain(aboutA2);
    expect((await t.request('GET', `/api/notifications/${aboutA2}/view`, { token: scoped.token })).status).toBe(404);
    // The badge agrees with the list: the tenant-wide one from the first test plus A1's.
    expect(await count(scoped)).toBe(2);
  });
});
