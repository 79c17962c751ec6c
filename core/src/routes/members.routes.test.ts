import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestKernel, type TestUser } from '../testing/test-kernel.js';

const OWNER_ONLY = 'Only the owner can change the owner’s account.';
const tokenOf = (link: string) => decodeURIComponent(/token=([^\s&]+)/.exec(link)![1]!);

describe('member routes: nobody manages a member above them', () => {
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

  it('lets the owner manage themselves and the admins, and an admin manage another admin', async () => {
    expect((await t.request('PUT', `/api/client/members/${owner.id}`, { token: owner.token, body: { name: 'Olivia Owner' } })).status).toBe(200);
    t.mails.length = 0;
    expect((await t.request('GET', `/api/client/members/${owner.id}/reset`, { token: owner.token })).body.data).toEqual({ mailed: true, email: owner.email });
    expect(t.mails.map((m) => m.to)).toEqual([owner.email]);
    const other = await t.createMember(tenantId, { admin: true });
    expect((await t.request('PUT', `/api/client/members/${other.id}`, { token: admin.token, body: { name: 'Peer' } })).status).toBe(200);
    expect((await t.request('PUT', `/api/client/members/${other.id}`, { token: owner.token, body: { admin: false } })).status).toBe(200);
    expect((await t.request('DELETE', `/api/client/members/${other.id}`, { token: admin.token })).status).toBe(200);
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
