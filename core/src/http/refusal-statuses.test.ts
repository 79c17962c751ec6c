import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definePlugin, defineRoute, sql } from '@cassette/plugin-sdk/server';
import { createTestKernel, type TestKernel } from '../testing/test-kernel.js';

/**
 * The UI logs out on a 401 and stays logged in on a 403, so the two must never be mixed up:
 * 401 only when the login itself is dead, 403 for a live login that may not do this.
 */
const probe = definePlugin({
  id: 'probe',
  register(r) {
    r.route(defineRoute({ method: 'GET', url: '/probe/dev-tools', access: { auth: 'user', project: true, permission: 'DEV_TOOLS' }, schema: {}, handler: async () => ({ ok: true }) }));
  },
});

const DEAD_LOGIN = 'Please log in again: your session is missing or has expired.';

let t: TestKernel;
let tenant: Awaited<ReturnType<TestKernel['createTenant']>>;
/** A second project of the tenant: the site limit (2) is then reached. */
let secondProjectId: number;
beforeAll(async () => {
  t = await createTestKernel({ plugins: [probe], env: { LIMIT_SITES: '2' } });
  tenant = await t.createTenant('Refusals');
  secondProjectId = (await t.request('POST', '/api/projects', { token: tenant.owner.token, body: { name: 'Second', host: 'site.example.test' } })).body.data.id;
});
afterAll(async () => t?.close());

describe('401: the login is dead', () => {
  it('without a token, or with one that is not ours', async () => {
    for (const headers of [{} as Record<string, string>, { authorization: 'Bearer not-a-jwt' }, { authorization: 'Basic b3duZXI6cHc=' }]) {
      const res = await t.request('GET', '/api/account', { headers });
      expect(res.status).toBe(401);
      expect(res.body.errors).toEqual([DEAD_LOGIN]);
    }
  });

  it('after logout (revoked), after expiry, and once the member is deleted', async () => {
    const loggedOut = await t.createMember(tenant.tenantId, { permissions: ['SESSION_REPLAY'] });
    expect((await t.request('POST', '/api/logout', { token: loggedOut.token })).status).toBe(200);
    expect((await t.request('GET', '/api/account', { token: loggedOut.token })).status).toBe(401);

    const expired = await t.createMember(tenant.tenantId);
    await t.kernel.db.sql(sql`update core_auth_sessions set expires_at = now() - interval '1 minute' where user_id = ${expired.id}`);
    expect((await t.request('GET', '/api/account', { token: expired.token })).status).toBe(401);

    const deleted = await t.createMember(tenant.tenantId);
    expect((await t.request('DELETE', `/api/client/members/${deleted.id}`, { token: tenant.owner.token })).status).toBe(200);
    const res = await t.request('GET', `/api/${tenant.projectId}/probe/dev-tools`, { token: deleted.token });
    expect(res.status).toBe(401);
    expect(res.body.errors).toEqual([DEAD_LOGIN]);
  });
});

describe('403: a live login that may not do this', () => {
  it('a role without the permission, a project outside the role, an admin-only route', async () => {
    const member = await t.createMember(tenant.tenantId, { permissions: ['SESSION_REPLAY'] });
    const noPermission = await t.request('GET', `/api/${tenant.projectId}/probe/dev-tools`, { token: member.token });
    expect(noPermission.status).toBe(403);
    expect(noPermission.body.errors[0]).toMatch(/^Not allowed: your role lacks the Developer Tools permission/);

    const scoped = await t.createMember(tenant.tenantId, { permissions: ['DEV_TOOLS'], projectIds: [tenant.projectId] });
    const outside = await t.request('GET', `/api/${secondProjectId}/probe/dev-tools`, { token: scoped.token });
    expect(outside.status).toBe(403);
    expect(outside.body.errors).toEqual(["You don't have access to this project. Please check with your admin."]);
    expect((await t.request('GET', `/api/${tenant.projectId}/probe/dev-tools`, { token: scoped.token })).status).toBe(200);

    const adminOnly = await t.request('GET', '/api/client/members', { token: member.token });
    expect(adminOnly.status).toBe(403);
    expect(adminOnly.body.errors).toEqual(['Only an admin can do this. Please check with your admin.']);
    // Still logged in after every refusal.
    expect((await t.request('GET', '/api/account', { token: member.token })).status).toBe(200);
  });

  it('limits and protected roles', async () => {
    const owner = tenant.owner.token;
    const project = await t.request('POST', '/api/projects', { token: owner, body: { name: 'Third', host: 'site.example.test' } });
    expect(project.status).toBe(403);
    expect(project.body.errors[0]).toMatch(/project limit/);

    const roles = await t.request('GET', '/api/client/roles', { token: owner });
    const protectedRole = roles.body.data.find((r: { protected: boolean }) => r.protected);
    const change = await t.request('POST', `/api/client/roles/${protectedRole.roleId}`, { token: owner, body: { name: 'X', permissions: [], allProjects: true } });
    expect(change.status).toBe(403);
    expect((await t.request('GET', '/api/account', { token: owner })).status).toBe(200);
  });

  it('a pending password change: refused until changed, while the account stays readable', async () => {
    const member = await t.createMember(tenant.tenantId, { permissions: ['DEV_TOOLS'] });
    expect((await t.request('PUT', `/api/client/members/${member.id}`, { token: tenant.owner.token, body: { changePassword: true } })).status).toBe(200);
    const refused = await t.request('GET', `/api/${tenant.projectId}/probe/dev-tools`, { token: member.token });
    expect(refused.status).toBe(403);
    expect(refused.body.errors).toEqual(['Change your password before continuing.']);
    const account = await t.request('GET', '/api/account', { token: member.token });
    expect(account.status).toBe(200);
    expect(account.body.data.changePassword).toBe(true);
  });
});
