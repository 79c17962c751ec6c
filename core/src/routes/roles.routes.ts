import type { EntityManager } from '@mikro-orm/core';
import { Type } from '@sinclair/typebox';
import { PERMISSIONS, PERMISSION_LABELS } from '@cassette/plugin-sdk';
import { defineRoute, HttpError, badRequest, conflict, notFound, type AnyRouteDef } from '@cassette/plugin-sdk/server';
import { ProjectEntity } from '../entities/project.entity.js';
import { RoleEntity, type Role } from '../entities/role.entity.js';
import { UserEntity } from '../entities/user.entity.js';
import { ID_PARAM } from './schemas.js';

const roleView = (r: Role) => ({
  roleId: r.id,
  name: r.name,
  description: r.description ?? null,
  permissions: r.permissions,
  allProjects: r.allProjects,
  projects: r.projectIds,
  protected: r.protected,
  createdAt: r.createdAt.toISOString(),
});

const ROLE_BODY = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 60, pattern: '^[\\p{L}\\p{M}0-9 _-]*[\\p{L}\\p{M}0-9][\\p{L}\\p{M}0-9 _-]*$' }),
    description: Type.Optional(Type.String({ maxLength: 500 })),
    permissions: Type.Array(Type.Union(PERMISSIONS.map((p) => Type.Literal(p))), { maxItems: PERMISSIONS.length, uniqueItems: true }),
    allProjects: Type.Boolean(),
    projects: Type.Optional(Type.Array(ID_PARAM, { maxItems: 1000, uniqueItems: true })),
  },
  { additionalProperties: false },
);

type RoleBody = { name: string; description?: string; permissions: Role['permissions']; allProjects: boolean; projects?: number[] };

async function checkRoleBody(em: EntityManager, tenantId: number, body: RoleBody, exceptId?: number): Promise<number[]> {
  const name = body.name.trim();
  const clash = await em.findOne(RoleEntity, { tenantId, deletedAt: null, ...(exceptId ? { id: { $ne: exceptId } } : {}), name: { $ilike: name.replace(/[\\%_]/g, (c) => `\\${c}`) } });
  if (clash) throw conflict('A role with this name already exists.');
  const projects = body.projects ?? [];
  if (!body.allProjects && projects.length === 0) throw badRequest('Choose at least one project, or give the role all projects.');
  if (!body.allProjects) {
    const found = await em.count(ProjectEntity, { id: { $in: projects }, tenantId, deletedAt: null });
    if (found !== projects.length) throw badRequest('One of the chosen projects does not exist.');
  }
  return body.allProjects ? [] : projects;
}

export function roleRoutes(): AnyRouteDef[] {
  const roleParams = Type.Object({ roleId: ID_PARAM });

  const list = defineRoute({
    method: 'GET',
    url: '/client/roles',
    access: { auth: 'user' },
    summary: 'Roles of the organization, with the permission options',
    schema: {},
    handler: async ({ em, caller }) => {
      const roles = await em.find(RoleEntity, { tenantId: caller.tenantId, deletedAt: null }, { orderBy: { id: 'asc' } });
      return roles.map((r) => ({ ...roleView(r), permissionOptions: PERMISSIONS.map((p) => ({ value: p, label: PERMISSION_LABELS[p] })) }));
    },
  });

  const create = defineRoute({
    method: 'PUT',
    url: '/client/roles',
    access: { auth: 'admin' },
    summary: 'Create a role',
    schema: { body: ROLE_BODY },
    handler: async ({ em, caller, body }) => {
      const projectIds = await checkRoleBody(em, caller.tenantId, body);
      const role = em.create(RoleEntity, {
        tenantId: caller.tenantId,
        name: body.name.trim(),
        description: body.description?.trim() || null,
        permissions: body.permissions,
        allProjects: body.allProjects,
        projectIds,
        protected: false,
      });
      await em.flush();
      return roleView(role);
    },
  });

  const update = defineRoute({
    method: 'POST',
    url: '/client/roles/:roleId',
    access: { auth: 'admin' },
    summary: 'Change a role (protected roles cannot change)',
    schema: { params: roleParams, body: ROLE_BODY },
    handler: async ({ em, caller, body, params }) => {
      const role = await em.findOne(RoleEntity, { id: params.roleId, tenantId: caller.tenantId, deletedAt: null });
      if (!role) throw notFound('Role not found');
      if (role.protected) throw new HttpError(403, 'This role is protected and cannot be changed.');
      role.projectIds = await checkRoleBody(em, caller.tenantId, body, role.id);
      role.name = body.name.trim();
      role.description = body.description?.trim() || null;
      role.permissions = body.permissions;
      role.allProjects = body.allProjects;
      await em.flush();
      return roleView(role);
    },
  });

  const remove = defineRoute({
    method: 'DELETE',
    url: '/client/roles/:roleId',
    access: { auth: 'admin' },
    summary: 'Delete a role that no member has',
    schema: { params: roleParams },
    handler: async ({ em, caller, params }) => {
      const role = await em.findOne(RoleEntity, { id: params.roleId, tenantId: caller.tenantId, deletedAt: null });
      if (!role) throw notFound('Role not found');
      if (role.protected) throw new HttpError(403, 'This role is protected and cannot be deleted.');
      if ((await em.count(UserEntity, { roleId: role.id, deletedAt: null })) > 0) throw badRequest('Members still have this role. Give them another role first.');
      role.deletedAt = new Date();
      await em.flush();
      return { deleted: true };
    },
  });

  return [list, create, update, remove] as AnyRouteDef[];
}
