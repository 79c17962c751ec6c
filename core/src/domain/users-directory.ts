import type { UserInfo, UsersService } from '@cassette/plugin-sdk/server';
import type { DatabaseRuntime } from '../database/create-database.js';
import { UserEntity, type User } from '../entities/user.entity.js';

const info = (u: User): UserInfo => ({ id: u.id, tenantId: u.tenantId, email: u.email, name: u.name, admin: u.admin || u.superAdmin, superAdmin: u.superAdmin });

export class UsersDirectory implements UsersService {
  constructor(private readonly db: DatabaseRuntime) {}

  async get(userId: number): Promise<UserInfo | null> {
    const user = await this.db.em().findOne(UserEntity, { id: userId, deletedAt: null });
    return user ? info(user) : null;
  }

  async listForTenant(tenantId: number): Promise<UserInfo[]> {
    const users = await this.db.em().find(UserEntity, { tenantId, deletedAt: null }, { orderBy: { id: 'asc' } });
    return users.map(info);
  }
}
