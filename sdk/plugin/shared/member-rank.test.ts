import { describe, expect, it } from 'vitest';
import { ADMINS_BY_OWNER_ONLY, memberManageRefusal, MEMBERS_BY_ADMINS_ONLY, OWNER_ONLY } from './member-rank.js';

const owner = { admin: true, superAdmin: true };
const admin = { admin: true, superAdmin: false };
const member = { admin: false, superAdmin: false };
const others = (caller: typeof owner) => [owner, admin, member].map((target) => memberManageRefusal(caller, target, false));

describe('who manages whom in a team', () => {
  it('lets the owner manage everyone, an admin only the plain members, and a member nobody else', () => {
    expect(others(owner)).toEqual([OWNER_ONLY, null, null]);
    expect(others(admin)).toEqual([OWNER_ONLY, ADMINS_BY_OWNER_ONLY, null]);
    expect(others(member)).toEqual([OWNER_ONLY, ADMINS_BY_OWNER_ONLY, MEMBERS_BY_ADMINS_ONLY]);
  });

  it('lets everyone manage themselves', () => {
    for (const who of [owner, admin, member]) expect(memberManageRefusal(who, who, true)).toBeNull();
  });
});
