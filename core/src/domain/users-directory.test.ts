import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreServices } from '@cassette/plugin-sdk/server';
import { createTestKernel, type TestKernel } from '../testing/test-kernel.js';

describe('users and projects services', () => {
  let t: TestKernel;
  beforeAll(async () => {
    t = await createTestKernel();
  });
  afterAll(async () => t?.close());

  it("tells each member's projects and permissions as a request of theirs would see them", async () => {
    const { tenantId, projectId, owner } = await t.createTenant();
    const scoped = await t.createMember(tenantId, { permissions: ['ERRORS'], projectIds: [projectId] });
    const everywhere = await t.createMember(tenantId, { permissions: ['METRICS'] });
    const admin = await t.createMember(tenantId, { admin: true, projectIds: [projectId] });
    const users = t.kernel.resolve(coreServices.users);
    const byId = new Map((await users.listForTenant(tenantId)).map((u) => [u.id, u]));
    expect(byId.get(owner.id)).toMatchObject({ admin: true, joined: true, projectIds: null });
    expect(byId.get(scoped.id)).toMatchObject({ admin: false, joined: true, projectIds: [projectId], permissions: ['ERRORS'] });
    expect(byId.get(everywhere.id)).toMatchObject({ projectIds: null, permissions: ['METRICS'] });
    expect(byId.get(admin.id)).toMatchObject({ admin: true, projectIds: null });
    expect(await users.get(scoped.id)).toEqual(byId.get(scoped.id));
  });

  it('lists the projects of every tenant', async () => {
    const a = await t.createTenant();
    const b = await t.createTenant();
    const ids = (await t.kernel.resolve(coreServices.projects).listAll()).map((p) => p.id);
    expect(ids).toEqual(expect.arrayContaining([a.projectId, b.projectId]));
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
  });
});
