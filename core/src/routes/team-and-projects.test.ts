import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreServices, sql } from '@cassette/plugin-sdk/server';
import { createTestKernel, type TestKernel } from '../testing/test-kernel.js';

describe('team, roles, projects, metadata', () => {
  let t: TestKernel;
  let admin: string;
  let tenant: Awaited<ReturnType<TestKernel['createTenant']>>;
  beforeAll(async () => {
    t = await createTestKernel({ env: { LIMIT_SITES: '3', LIMIT_TEAM_MEMBERS: '4' } });
    tenant = await t.createTenant('Acme');
    admin = tenant.owner.token;
  });
  afterAll(async () => t.close());

  it('invites a member who sets a password through the link, which then stops working', async () => {
    const invite = await t.request('PUT', '/api/client/members', { token: admin, body: { email: 'Grace@Example.com', name: 'Grace Hopper' } });
    expect(invite.status).toBe(200);
    expect(invite.body.data).toMatchObject({ email: 'grace@example.com', joined: false, admin: false, roleName: 'Member', expiredInvitation: false });
    const link: string = invite.body.data.invitationLink;
    expect(link).toMatch(/^http:\/\/localhost:\d+\/reset-password\?token=/);

    // A reset gives a new link; the old one is dead.
    const reset = await t.request('GET', `/api/client/members/${invite.body.data.id}/reset`, { token: admin });
    const newLink: string = reset.body.data.invitationLink;
    expect(newLink).not.toEqual(link);
    const oldToken = decodeURIComponent(new URL(link).searchParams.get('token')!);
    const token = decodeURIComponent(new URL(newLink).searchParams.get('token')!);
    expect((await t.request('POST', '/api/password/reset', { body: { token: oldToken, password: 'grace-password' } })).status).toBe(404);
    expect((await t.request('GET', `/api/password/token?token=${encodeURIComponent(token)}`)).body.data).toMatchObject({ kind: 'invitation', name: 'Grace Hopper' });
    const joined = await t.request('POST', '/api/password/reset', { body: { token, password: 'grace-password' } });
    expect(joined.status).toBe(200);
    expect(joined.body.data.account).toMatchObject({ email: 'grace@example.com', admin: false, permissions: expect.arrayContaining(['SESSION_REPLAY']) });
    const members = await t.request('GET', '/api/client/members', { token: admin });
    expect(members.body.data.find((m: { email: string }) => m.email === 'grace@example.com')).toMatchObject({ joined: true });
    // A member is not an admin.
    expect((await t.request('GET', '/api/client/members', { token: joined.body.jwt })).status).toBe(403);
  });

  it('refuses a duplicate member e-mail and respects the team limit', async () => {
    expect((await t.request('PUT', '/api/client/members', { token: admin, body: { email: 'grace@example.com', name: 'Copy' } })).status).toBe(409);
    expect((await t.request('PUT', '/api/client/members', { token: admin, body: { email: 'b@example.com', name: 'B' } })).status).toBe(200);
    expect((await t.request('PUT', '/api/client/members', { token: admin, body: { email: 'c@example.com', name: 'C' } })).status).toBe(200);
    const over = await t.request('PUT', '/api/client/members', { token: admin, body: { email: 'd@example.com', name: 'D' } });
    expect(over.status).toBe(403);
    expect(over.body.errors[0]).toMatch(/member limit/);
    const account = await t.request('GET', '/api/account', { token: admin });
    expect(account.body.data.limits.teamMember).toEqual({ limit: 4, remaining: 0 });
  });

  it('creates, updates and deletes roles; protected roles stay', async () => {
    const roles = await t.request('GET', '/api/client/roles', { token: admin });
    const protectedRole = roles.body.data.find((r: { protected: boolean }) => r.protected);
    expect((await t.request('POST', `/api/client/roles/${protectedRole.roleId}`, { token: admin, body: { name: 'X', permissions: [], allProjects: true } })).status).toBe(403);
    const created = await t.request('PUT', '/api/client/roles', { token: admin, body: { name: 'Support agents', permissions: ['SESSION_REPLAY', 'ASSIST_LIVE'], allProjects: false, projects: [tenant.projectId] } });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ name: 'Support agents', allProjects: false, projects: [tenant.projectId] });
    expect((await t.request('PUT', '/api/client/roles', { token: admin, body: { name: 'support AGENTS', permissions: [], allProjects: true } })).status).toBe(409);
    expect((await t.request('PUT', '/api/client/roles', { token: admin, body: { name: 'No projects', permissions: [], allProjects: false } })).status).toBe(400);
    expect((await t.request('PUT', '/api/client/roles', { token: admin, body: { name: 'Bad', permissions: ['ROOT'], allProjects: true } })).status).toBe(400);
    const updated = await t.request('POST', `/api/client/roles/${created.body.data.roleId}`, { token: admin, body: { name: 'Agents', permissions: ['SESSION_REPLAY'], allProjects: true } });
    expect(updated.body.data).toMatchObject({ name: 'Agents', permissions: ['SESSION_REPLAY'], allProjects: true, projects: [] });
    expect((await t.request('DELETE', `/api/client/roles/${created.body.data.roleId}`, { token: admin })).status).toBe(200);
  });

  it('adds projects within the limit and refuses a duplicate name with the spec message', async () => {
    const second = await t.request('POST', '/api/projects', { token: admin, body: { name: 'Shop', host: 'shop.example.com' } });
    expect(second.status).toBe(200);
    expect(second.body.data).toMatchObject({ name: 'Shop', host: 'shop.example.com', status: 'red', gdpr: { defaultInputMode: 'plain' } });
    // No rate of its own: the account's capture rate applies (null is left out of answers).
    expect(second.body.data.gdpr).not.toHaveProperty('sampleRate');
    const dup = await t.request('POST', '/api/projects', { token: admin, body: { name: ' shop ', host: 'site.example.test' } });
    expect(dup.status).toBe(409);
    expect(dup.body.errors).toEqual(['Site exists already. Please choose another one.']);
    expect((await t.request('POST', '/api/projects', { token: admin, body: { name: 'Blog', host: 'site.example.test' } })).status).toBe(200);
    const over = await t.request('POST', '/api/projects', { token: admin, body: { name: 'Docs', host: 'site.example.test' } });
    expect(over.status).toBe(403);
    const renamedClash = await t.request('PUT', `/api/projects/${second.body.data.id}`, { token: admin, body: { name: 'Blog' } });
    expect(renamedClash.body.errors).toEqual(['Site exists already. Please choose another one.']);
    expect((await t.request('DELETE', `/api/projects/${second.body.data.id}`, { token: admin })).status).toBe(200);
    const names = (await t.request('GET', '/api/projects', { token: admin })).body.data.map((p: { name: string }) => p.name);
    expect(names).toEqual(['First project', 'Blog']);
  });

  it('requires a site host for a new project, keeps only the host of a pasted address, and refuses the rest', async () => {
    const missing = await t.request('POST', '/api/projects', { token: admin, body: { name: 'No host' } });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual(['host is required']);
    const blank = await t.request('POST', '/api/projects', { token: admin, body: { name: 'No host', host: '  ' } });
    expect(blank.body.errors).toEqual(['Enter the site’s host, such as shop.example.com.']);
    const bad = await t.request('POST', '/api/projects', { token: admin, body: { name: 'No host', host: 'ftp://files.example.com' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(['Enter the site’s host, or its http or https address.']);
    const names = (await t.request('GET', '/api/projects', { token: admin })).body.data.map((p: { name: string }) => p.name);
    expect(names).not.toContain('No host');

    const pasted = await t.request('POST', '/api/projects', { token: admin, body: { name: 'Pasted', host: 'HTTPS://Www.Pasted.example:8443/cart?id=1' } });
    expect(pasted.status).toBe(200);
    expect(pasted.body.data.host).toBe('www.pasted.example:8443');
    expect((await t.request('DELETE', `/api/projects/${pasted.body.data.id}`, { token: admin })).status).toBe(200);
  });

  it('changes a host only to another host, and a project from before hosts were asked keeps working until one is set', async () => {
    const pid = tenant.projectId;
    // A project created before the host was required has none.
    await t.kernel.db.sql(sql`update core_projects set host = '' where id = ${pid}`);
    expect((await t.request('GET', `/api/projects/${pid}`, { token: admin })).body.data).toMatchObject({ id: pid, host: '' });
    expect((await t.request('PUT', `/api/projects/${pid}`, { token: admin, body: { saveRequestPayloads: false } })).status).toBe(200);

    for (const host of ['', 'shop example', '*.shop.example']) {
      const refused = await t.request('PUT', `/api/projects/${pid}`, { token: admin, body: { name: 'Renamed too', host } });
      expect(refused.status, host).toBe(400);
    }
    expect((await t.request('GET', `/api/projects/${pid}`, { token: admin })).body.data).toMatchObject({ name: 'First project', host: '' });

    const set = await t.request('PUT', `/api/projects/${pid}`, { token: admin, body: { host: 'http://Shop.example.com/' } });
    expect(set.body.data.host).toBe('shop.example.com');
    const cleared = await t.request('PUT', `/api/projects/${pid}`, { token: admin, body: { host: '' } });
    expect(cleared.body.errors).toEqual(['Enter the site’s host, such as shop.example.com.']);
    expect((await t.request('GET', `/api/projects/${pid}`, { token: admin })).body.data.host).toBe('shop.example.com');
  });

  it('stores a project\'s stackIntegrations and tags, keeps tag ids, and refuses bad tags naming them', async () => {
    const pid = tenant.projectId;
    const fresh = (await t.request('GET', `/api/projects/${pid}`, { token: admin })).body.data;
    expect(fresh).toMatchObject({ stackIntegrations: false, tags: [] });
    const saved = await t.request('PUT', `/api/projects/${pid}`, { token: admin, body: { stackIntegrations: true, tags: [{ name: 'checkout', color: '#FF0000' }, { name: 'beta', description: 'new UI' }] } });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      stackIntegrations: true,
      tags: [
        { id: 1, name: 'checkout', color: '#ff0000', description: '', iconUrl: '' },
        { id: 2, name: 'beta', color: '#394eff', description: 'new UI', iconUrl: '' },
      ],
    });
    // Sent back with its id, a tag keeps it; a new one gets the next.
    const edited = await t.request('PUT', `/api/projects/${pid}`, { token: admin, body: { tags: [{ id: 2, name: 'beta 2' }, { name: 'mobile' }] } });
    expect(edited.body.data.tags.map((tag: { id: number; name: string }) => [tag.id, tag.name])).toEqual([[2, 'beta 2'], [3, 'mobile']]);
    const refused = await t.request('PUT', `/api/projects/${pid}`, { token: admin, body: { name: 'Not saved', tags: [{ name: 'x', color: 'blue' }] } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual(['Tag 1: the color must be like #394eff.']);
    expect((await t.request('PUT', `/api/projects/${pid}`, { token: admin, body: { stackIntegrations: 'yes' } })).status).toBe(400);
    const after = (await t.request('GET', `/api/projects/${pid}`, { token: admin })).body.data;
    expect(after).toMatchObject({ name: fresh.name, stackIntegrations: true, tags: [{ id: 2 }, { id: 3 }] });
    expect((await t.request('GET', '/api/projects', { token: admin })).body.data.find((p: { id: number }) => p.id === pid).tags).toHaveLength(2);
    expect((await t.request('PUT', `/api/projects/${pid}`, { token: admin, body: { stackIntegrations: false, tags: [] } })).body.data).toMatchObject({ stackIntegrations: false, tags: [] });
  });

  it('keeps GDPR settings and metadata fields per project with the key rule and the limit of 10', async () => {
    const pid = tenant.projectId;
    const gdpr = await t.request('POST', `/api/${pid}/gdpr`, { token: admin, body: { maskNumbers: true, defaultInputMode: 'hidden', sampleRate: 50, retentionDays: 30 } });
    // Canvases are recorded at 2 pictures a second unless the project says otherwise.
    expect(gdpr.body.data).toEqual({ maskEmails: true, maskNumbers: true, defaultInputMode: 'hidden', sampleRate: 50, retentionDays: 30, canvasFps: 2 });
    expect((await t.request('POST', `/api/${pid}/gdpr`, { token: admin, body: { canvasFps: 0 } })).body.data.canvasFps).toBe(0);
    expect((await t.request('POST', `/api/${pid}/gdpr`, { token: admin, body: { canvasFps: 5 } })).status).toBe(400);
    expect((await t.request('POST', `/api/${pid}/gdpr`, { token: admin, body: { canvasFps: 1.5 } })).status).toBe(400);
    expect((await t.request('POST', `/api/${pid}/gdpr`, { token: admin, body: { sampleRate: 101 } })).status).toBe(400);
    expect((await t.request('POST', `/api/${pid}/gdpr`, { token: admin, body: { sampleRate: 'half' } })).status).toBe(400);
    // "account" drops the project's own rate; the other settings stay.
    const followed = await t.request('POST', `/api/${pid}/gdpr`, { token: admin, body: { sampleRate: 'account' } });
    expect(followed.body.data).not.toHaveProperty('sampleRate');
    expect(followed.body.data).toMatchObject({ maskNumbers: true, retentionDays: 30 });
    expect((await t.request('POST', `/api/${pid}/gdpr`, { token: admin, body: { retentionDays: 0 } })).status).toBe(400);
    expect((await t.request('POST', `/api/${pid}/metadata`, { token: admin, body: { key: '9lives' } })).status).toBe(400);
    for (let i = 0; i < 10; i++) expect((await t.request('POST', `/api/${pid}/metadata`, { token: admin, body: { key: `plan_${i}` } })).status).toBe(200);
    const eleventh = await t.request('POST', `/api/${pid}/metadata`, { token: admin, body: { key: 'one-more' } });
    expect(eleventh.status).toBe(400);
    expect(eleventh.body.errors[0]).toMatch(/at most 10/);
    expect((await t.request('DELETE', `/api/${pid}/metadata/3`, { token: admin })).status).toBe(200);
    const added = await t.request('POST', `/api/${pid}/metadata`, { token: admin, body: { key: '-tier' } });
    expect(added.body.data).toMatchObject({ index: 3, key: '-tier' });
  });

  it('scopes a role to chosen projects', async () => {
    const other = await t.request('POST', '/api/projects', { token: admin, body: { name: 'Scoped out', host: 'site.example.test' } });
    const member = await t.createMember(tenant.tenantId, { permissions: ['SESSION_REPLAY'], projectIds: [tenant.projectId] });
    const visible = (await t.request('GET', '/api/projects', { token: member.token })).body.data.map((p: { id: number }) => p.id);
    expect(visible).toEqual([tenant.projectId]);
    expect((await t.request('GET', `/api/${other.body.data.id ?? 0}/metadata`, { token: member.token })).status).toBeGreaterThanOrEqual(403);
    // GET /metadata without a site id: the fields of every project the caller may see, each with its project.
    await t.request('POST', `/api/${other.body.data.id}/metadata`, { token: admin, body: { key: 'hidden_plan' } });
    const mine = (await t.request('GET', '/api/metadata', { token: member.token })).body.data as { projectId: number; key: string }[];
    expect(new Set(mine.map((f) => f.projectId))).toEqual(new Set([tenant.projectId]));
    expect(mine.map((f) => f.key)).not.toContain('hidden_plan');
    const all = (await t.request('GET', '/api/metadata', { token: admin })).body.data as { projectId: number; key: string; index: number }[];
    expect(all).toContainEqual(expect.objectContaining({ projectId: other.body.data.id, key: 'hidden_plan', index: 1 }));
  });
});

describe('forced password change and expired invitations', () => {
  let t: TestKernel;
  beforeAll(async () => {
    t = await createTestKernel();
  });
  afterAll(async () => t.close());

  it('a member flagged by an admin must change the password before anything else', async () => {
    const { tenantId, owner } = await t.createTenant();
    const member = await t.createMember(tenantId, { permissions: ['SESSION_REPLAY'] });
    expect((await t.request('PUT', `/api/client/members/${member.id}`, { token: owner.token, body: { changePassword: true } })).status).toBe(200);
    const login = await t.request('POST', '/api/login', { body: { email: member.email, password: member.password } });
    expect(login.body.data.account.changePassword).toBe(true);
    const token = login.body.jwt;
    expect((await t.request('GET', '/api/account', { token })).status).toBe(200);
    const blocked = await t.request('GET', '/api/projects', { token });
    expect(blocked.status).toBe(403);
    expect(blocked.body.errors[0]).toMatch(/Change your password/);
    const changed = await t.request('POST', '/api/account/password', { token, body: { oldPassword: member.password, newPassword: 'a fresh password' } });
    expect(changed.body.data.account.changePassword).toBe(false);
    expect((await t.request('GET', '/api/projects', { token: changed.body.jwt })).status).toBe(200);
  });

  it('shows an invitation as expired once its link has expired, and a reset revives it', async () => {
    const { owner } = await t.createTenant();
    const invited = await t.request('PUT', '/api/client/members', { token: owner.token, body: { email: 'late@example.com', name: 'Late' } });
    await t.kernel.db.sql(sql`update core_one_time_tokens set expires_at = now() - interval '1 minute' where user_id = ${invited.body.data.id}`);
    const listed = await t.request('GET', '/api/client/members', { token: owner.token });
    expect(listed.body.data.find((m: { id: number }) => m.id === invited.body.data.id)).toMatchObject({ joined: false, expiredInvitation: true });
    const token = decodeURIComponent(new URL(invited.body.data.invitationLink).searchParams.get('token')!);
    expect((await t.request('POST', '/api/password/reset', { body: { token, password: 'too-late-now' } })).status).toBe(404);
    await t.request('GET', `/api/client/members/${invited.body.data.id}/reset`, { token: owner.token });
    const again = await t.request('GET', '/api/client/members', { token: owner.token });
    expect(again.body.data.find((m: { id: number }) => m.id === invited.body.data.id)).toMatchObject({ expiredInvitation: false });
  });
});

describe('project status and onboarding tasks follow what plugins report', () => {
  let t: TestKernel;
  beforeAll(async () => {
    t = await createTestKernel();
  });
  afterAll(async () => t.close());

  it('turns a project green when ingest reports a session and ticks the install task', async () => {
    const { projectId, owner, tenantId } = await t.createTenant();
    const before = await t.request('GET', '/api/boarding', { token: owner.token });
    expect(before.body.data.map((task: { done: boolean }) => task.done)).toEqual([false, false, false, false]);
    await t.kernel.resolve(coreServices.projects).markRecorded(projectId, new Date());
    const project = await t.request('GET', `/api/projects/${projectId}`, { token: owner.token });
    expect(project.body.data).toMatchObject({ status: 'green', recorded: true });
    await t.createMember(tenantId);
    const after = await t.request('GET', '/api/boarding', { token: owner.token });
    expect(after.body.data.map((task: { task: string; done: boolean }) => [task.task, task.done])).toEqual([
      ['Install the product', true],
      ['Identify Users', false],
      ['Invite Team Members', true],
      ['Integrations', false],
    ]);
    // Plugins complete the other two (ingest on the first identified user, integrations on setup).
    const onboarding = t.kernel.resolve(coreServices.onboarding);
    await Promise.all([onboarding.markDone(tenantId, 'identifyUsers'), onboarding.markDone(tenantId, 'integrations')]);
    await onboarding.markDone(tenantId, 'integrations');
    const done = await t.request('GET', '/api/boarding', { token: owner.token });
    expect(done.body.data.every((task: { done: boolean }) => task.done)).toBe(true);
  });
});
