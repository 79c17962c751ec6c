import { describe, expect, it } from 'vitest';
import { assertMayManage, mayManage, OWNER_ONLY } from './member-rank.js';

const owner = { admin: true, superAdmin: true };
const admin = { admin: true, superAdmin: false };
const member = { admin: false, superAdmin: false };

describe('member rank', () => {
  it('lets the owner manage everyone, an admin manage admins and members, and a member nobody above them', () => {
    expect([owner, admin, member].map((target) => mayManage(owner, target))).toEqual([true, true, true]);
    expect([owner, admin, member].map((target) => mayManage(admin, target))).toEqual([false, true, true]);
    expect([owner, admin, member].map((target) => mayManage(member, target))).toEqual([false, false, true]);
  });

  it('refuses an admin acting on the owner with 403 and says who may', () => {
    expect(() => assertMayManage(admin, owner)).toThrow(expect.objectContaining({ statusCode: 403, message: OWNER_ONLY }));
    expect(() => assertMayManage(owner, owner)).not.toThrow();
  });
});
