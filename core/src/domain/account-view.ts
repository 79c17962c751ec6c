import type { EntityManager } from '@mikro-orm/core';
import { PERMISSIONS, resolveAppearance, resolveLoggerOptions, type AppearanceWidget } from '@cassette/plugin-sdk';
import type { AppConfig } from '../config/app-config.js';
import { ProjectEntity } from '../entities/project.entity.js';
import { RoleEntity } from '../entities/role.entity.js';
import { TenantEntity, type Tenant } from '../entities/tenant.entity.js';
import { UserEntity, type User } from '../entities/user.entity.js';

function remaining(limit: number, used: number): number {
  return limit < 0 ? -1 : Math.max(0, limit - used);
}

export async function accountLimits(em: EntityManager, tenantId: number, config: AppConfig) {
  const [sites, members] = await Promise.all([
    em.count(ProjectEntity, { tenantId, deletedAt: null }),
    em.count(UserEntity, { tenantId, deletedAt: null }),
  ]);
  const sitesRemaining = remaining(config.limits.sites, sites);
  return {
    teamMember: { limit: config.limits.teamMembers, remaining: remaining(config.limits.teamMembers, members) },
    sites: { limit: config.limits.sites, remaining: sitesRemaining },
    projects: { remaining: sitesRemaining },
  };
}

/** `widgets` are the dashboard widgets plugins let members hide: the appearance answered names each. */
export async function accountView(em: EntityManager, user: User, config: AppConfig, widgets: readonly AppearanceWidget[]) {
  const [role, tenant] = await Promise.all([
    user.roleId ? em.findOne(RoleEntity, { id: user.roleId, deletedAt: null }) : null,
    em.findOne(TenantEntity, { id: user.tenantId }),
  ]);
  const admin = user.admin || user.superAdmin;
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    admin,
    superAdmin: user.superAdmin,
    changePassword: user.changePassword,
    verifiedEmail: user.joined,
    roleId: role?.id ?? null,
    roleName: role?.name ?? null,
    permissions: admin ? [...PERMISSIONS] : (role?.permissions ?? []),
    appearance: resolveAppearance(user.appearance, widgets),
    limits: await accountLimits(em, user.tenantId, config),
    createdAt: user.createdAt.toISOString(),
    // Part 2 §3's account fields about the install: the operator's notice, whether e-mail can be
    // sent (invitations and resets then arrive by mail, not only as links to share), the licence.
    banner: config.banner ?? null,
    smtp: config.smtpUrl !== undefined,
    license: { name: config.license, edition: config.edition },
    expirationDate: null,
    // The organization's STUN/TURN servers: the agent's browser needs them for calls (the visitor's
    // tracker gets them from the server when a call starts).
    iceServers: tenant?.iceServers ?? [],
  };
}

/** `apiKey` is passed for admins only (login-like answers never carry it). */
export function clientView(tenant: Tenant, apiKey: string | null = null, edition: AppConfig['edition'] = 'self-hosted') {
  return {
    ...(apiKey ? { apiKey } : {}),
    tenantId: tenant.id,
    name: tenant.name,
    tenantKey: tenant.tenantKey,
    edition,
    optOut: tenant.optOut,
    loggerOptions: resolveLoggerOptions(tenant.loggerOptions),
  };
}

export async function loadTenant(em: EntityManager, tenantId: number): Promise<Tenant> {
  return em.findOneOrFail(TenantEntity, { id: tenantId });
}
