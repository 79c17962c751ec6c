import { describe, expect, it } from 'vitest';
import { ADMINS_BY_OWNER_ONLY, OWNER_ONLY } from '@cassette/plugin-sdk';
import { assertMayManage } from './member-rank.js';

const owner = { id: 1, userId: 1, admin: true, superAdmin: true };
const admin = { id: 2, userId: 2, admin: true, superAdmin: false };
const otherAdmin = { id: 3, userId: 3, admin: true, superAdmin: false };
const member = { id: 4, userId: 4, admin: false, superAdmin: false };

describe('member rank guard', () => {
  it('refuses an admin acting on the owner or on another admin with 403 and says who may', () => {
    expect(() => assertMayManage(admin, owner)).toThrow(expect.objectContaining({ statusCode: 403, message: OWNER_ONLY }));
    expect(() => assertMayManage(admin, otherAdmin)).toThrow(expect.objectContaining({ statusCode: 403, message: ADMINS_BY_OWNER_ONLY }));
  });

  it('lets the owner act on everyone, an admin on plain members, and each on themselves', () => {
    for (const target of [owner, admin, member]) expect(() => assertMayManage(owner, target)).not.toThrow();
    expect(() => assertMayManage(admin, member)).not.toThrow();
    expect(() => assertMayManage(admin, admin)).not.toThrow();
  });
});
