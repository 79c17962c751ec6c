import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const UserEntity = defineEntity({
  name: 'User',
  tableName: 'core_users',
  properties: {
    id: p.integer().primary().autoincrement(),
    tenantId: p.integer().index(),
    email: p.string(),
    name: p.string(),
    /** Argon2id; null until an invited member sets a password. */
    passwordHash: p.string().nullable(),
    admin: p.boolean().default(false),
    superAdmin: p.boolean().default(false),
    roleId: p.integer().nullable(),
    joined: p.boolean().default(false),
    changePassword: p.boolean().default(false),
    appearance: p.json<Record<string, unknown>>(),
    createdAt: p.datetime().onCreate(() => new Date()),
    deletedAt: p.datetime().nullable(),
  },
});
export type User = InferEntity<typeof UserEntity>;
