import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { Permission } from '@cassette/plugin-sdk';

export const RoleEntity = defineEntity({
  name: 'Role',
  tableName: 'core_roles',
  properties: {
    id: p.integer().primary().autoincrement(),
    tenantId: p.integer().index(),
    name: p.string(),
    description: p.string().nullable(),
    permissions: p.json<Permission[]>(),
    allProjects: p.boolean().default(true),
    projectIds: p.json<number[]>(),
    protected: p.boolean().default(false),
    createdAt: p.datetime().onCreate(() => new Date()),
    deletedAt: p.datetime().nullable(),
  },
});
export type Role = InferEntity<typeof RoleEntity>;
