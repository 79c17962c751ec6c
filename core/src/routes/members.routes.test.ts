import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestKernel, type TestUser } from '../testing/test-kernel.js';

const OWNER_ONLY = 'Only the owner can change the owner’s account.';
const ADMINS_BY_OWNER_ONLY = 'Only the owner can change another admin’s account.';
const tokenOf = (link: string) => decodeURIComponent(/token=([^\s&]+)/.exec(link)![1]!);

describe('member routes: an admin manages plain members only, the owner everyone', () => {
  let t: TestKernel;
  let owner: TestUser;
  let admin: TestUser;
  let tenantId: number;
  beforeAll(async () => {
    t = await createTestKernel();
    const tenant = await t.createTenant('Acme');
    owner = tenant.owner;
    tenantId = tenant.tenantId;
    admin = await t.createMember(tenantId, { admin: true });
  });
  afterAll(async () => t.close());

  const ownerRow = async () => (await t.request('GET', '/api/client/members', { token: owner.token })).body.data.find((m: { id: number }) => m.id === owner.id);

  it('refuses an admin a reset link for the owner, and gives them no link at all', async () => {
    t.mails.length = 0;
    const res = await t.request('GET', `/api/client/members/${owner.id}/reset`, { token: admin.token });
    expect(res.status).toBe(403);
    expect(res.body.errors).toEqual([OWNER_ONLY]);
    expect(JSON.stringify(res.body)).not.toMatch(/reset-password/);
    expect(t.mails).toEqual([]);
  });

  it('refuses an admin every change to the owner: name, e-mail, admin flag, role, forced password change', async () => {
    const before = await ownerRow();
    const roles = (await t.request('GET', '/api/client/roles', { token: admin.token })).body.data;
    const bodies = [{ name: 'Taken over' }, { email: 'attacker@example.test' }, { admin: false }, { roleId: roles[0].roleId }, { changePassword: true }];
    for (const body of bodies) {
      const res = await t.request('PUT', `/api/client/members/${owner.id}`, { token: admin.token, body });
      expect(res.status, JSON.stringify(body)).toBe(403);
      expect(res.body.errors).toEqual([OWNER_ONLY]);
    }
    expect(await ownerRow()).toEqual(before);
  });

  it('refuses an admin the removal of the owner, who keeps logging in', async () => {
    const res = await t.request('DELETE', `/api/client/members/${owner.id}`, { token: admin.token });
    expect(res.status).toBe(403);
    expect(res.body.errors).toEqual([OWNER_ONLY]);
    expect((await t.request('GET', '/api/account', { token: owner.token })).status).toBe(200);
  });

  it('mails a joined member’s reset link to the member and never answers it to the caller', async () => {
    const member = await t.createMember(tenantId);
    t.mails.length = 0;
    const res = await t.request('GET', `/api/client/members/${member.id}/reset`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ mailed: true, email: member.email });
    expect(t.mails.map((m) => m.to)).toEqual([member.email]);
    const reset = await t.request('POST', '/api/password/reset', { body: { token: tokenOf(t.mails[0]!.text), password: 'chosen-by-member' } });
    expect(reset.status).toBe(200);
    expect(reset.body.data.account.email).toBe(member.email);
  });

  it('refuses an admin every change to another admin: the e-mail above all, then a mailed reset would open the account', async () => {
    const peer = await t.createMember(tenantId, { admin: true });
    const peerRow = async () => (await t.request('GET', '/api/client/members', { token: owner.token })).body.data.find((m: { id: number }) => m.id === peer.id);
    const before = await peerRow();
    const roles = (await t.request('GET', '/api/client/roles', { token: admin.token })).body.data;
    t.mails.length = 0;
    for (const body of [{ email: 'attacker@example.test' }, { name: 'Taken over' }, { admin: false }, { roleId: roles[0].roleId }, { changePassword: true }]) {
      const res = await t.request('PUT', `/api/client/members/${peer.id}`, { token: admin.token, body });
      expect(res.status, JSON.stringify(body)).toBe(403);
      expect(res.body.errors).toEqual([ADMINS_BY_OWNER_ONLY]);
    }
    const reset = await t.request('GET', `/api/client/members/${peer.id}/reset`, { token: admin.token });
    expect(reset.status).toBe(403);
    expect(reset.body.errors).toEqual([ADMINS_BY_OWNER_ONLY]);
    const removed = await t.request('DELETE', `/api/client/members/${peer.id}`, { token: admin.token });
    expect(removed.status).toBe(403);
    expect(t.mails).toEqual([]);
    expect(await peerRow()).toEqual(before);
    expect((await t.request('GET', '/api/account', { token: peer.token })).status).toBe(200);
  });

  it('refuses an admin an invited admin too, whose invitation link would let them in', async () => {
    const invited = await t.request('PUT', '/api/client/members', { token: owner.token, body: { email: 'coadmin@example.test', name: 'Co Admin', admin: true } });
    const res = await t.request('GET', `/api/client/members/${invited.body.data.id}/reset`, { token: admin.token });
    expect(res.status).toBe(403);
    expect(JSON.stringify(res.body)).not.toMatch(/reset-password/);
    expect((await t.request('GET', `/api/client/members/${invited.body.data.id}/reset`, { token: owner.token })).status).toBe(200);
  });

  it('lets the owner manage themselves and the admins, and an admin manage themselves and plain members', async () => {
    expect((await t.request('PUT', `/api/client/members/${owner.id}`, { token: owner.token, body: { name: 'Olivia Owner' } })).status).toBe(200);
    t.mails.length = 0;
    expect((await t.request('GET', `/api/client/members/${owner.id}/reset`, { token: owner.token })).body.data).toEqual({ mailed: true, email: owner.email });
    expect(t.mails.map((m) => m.to)).toEqual([owner.email]);
    const other = await t.createMember(tenantId, { admin: true });
    expect((await t.request('PUT', `/api/client/members/${other.id}`, { token: owner.token, body: { email: 'renamed-admin@example.test' } })).status).toBe(200);
    expect((await t.request('PUT', `/api/client/members/${other.id}`, { token: owner.token, body: { admin: false } })).status).toBe(200);
    // Demoted, they are a plain member an admin may manage.
    expect((await t.request('PUT', `/api/client/members/${other.id}`, { token: admin.token, body: { name: 'Plain now' } })).status).toBe(200);
    expect((await t.request('DELETE', `/api/client/members/${other.id}`, { token: admin.token })).status).toBe(200);
    expect((await t.request('PUT', `/api/client/members/${admin.id}`, { token: admin.token, body: { name: 'Adam Admin' } })).status).toBe(200);
    const member = await t.createMember(tenantId);
    expect((await t.request('PUT', `/api/client/members/${member.id}`, { token: admin.token, body: { email: 'moved@example.test' } })).status).toBe(200);
    // The owner still cannot leave their own organization without an owner.
    expect((await t.request('PUT', `/api/client/members/${owner.id}`, { token: owner.token, body: { admin: false } })).status).toBe(400);
  });

  it('still answers an invitee’s new invitation link, for the admin to share', async () => {
    const invited = await t.request('PUT', '/api/client/members', { token: admin.token, body: { email: 'newcomer@example.test', name: 'Newcomer' } });
    const res = await t.request('GET', `/api/client/members/${invited.body.data.id}/reset`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ mailed: false, invitationLink: expect.stringMatching(/\/reset-password\?token=/) });
  });
});
