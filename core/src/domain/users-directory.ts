import { isPermission } from '@cassette/plugin-sdk';
import type { UserInfo, UsersService } from '@cassette/plugin-sdk/server';
import type { DatabaseRuntime } from '../database/create-database.js';
import { RoleEntity, type Role } from '../entities/role.entity.js';
import { UserEntity, type User } from '../entities/user.entity.js';

/** The same projects a request by this user would reach (see callerFor): a role on some projects narrows a non-admin. */
function projectIdsOf(u: User, role: Role | undefined): number[] | null {
  if (u.admin || u.superAdmin || !role || role.allProjects) return null;
  return [...role.projectIds];
}

const info = (u: User, role: Role | undefined): UserInfo => ({
  id: u.id,
  tenantId: u.tenantId,
  email: u.email,
  name: u.name,
  admin: u.admin || u.superAdmin,
  superAdmin: u.superAdmin,
  joined: u.joined,
  projectIds: projectIdsOf(u, role),
  permissions: (role?.permissions ?? []).filter(isPermission),
});

export class UsersDirectory implements UsersService {
  constructor(private readonly db: DatabaseRuntime) {}

  async get(userId: number): Promise<UserInfo | null> {
    const em = this.db.em();
    const user = await em.findOne(UserEntity, { id: userId, deletedAt: null });
    if (!user) return null;
    const role = user.roleId ? await em.findOne(RoleEntity, { id: user.roleId, tenantId: user.tenantId, deletedAt: null }) : null;
    return info(user, role ?? undefined);
  }

  async listForTenant(tenantId: number): Promise<UserInfo[]> {
    const em = this.db.em();
    const users = await em.find(UserEntity, { tenantId, deletedAt: null }, { orderBy: { id: 'asc' } });
    const roles = new Map((await em.find(RoleEntity, { tenantId, deletedAt: null })).map((r) => [r.id, r]));
    return users.map((u) => info(u, u.roleId ? roles.get(u.roleId) : undefined));
  }
}
