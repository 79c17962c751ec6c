import type { EntityManager } from '@mikro-orm/core';
import { isPermission, type Permission } from '@cassette/plugin-sdk';
import type { Caller } from '@cassette/plugin-sdk/server';
import type { TokenService } from '../auth/tokens.js';
import { AuthSessionEntity } from '../entities/auth-session.entity.js';
import { RoleEntity } from '../entities/role.entity.js';
import { UserEntity, type User } from '../entities/user.entity.js';

export interface ResolvedCaller {
  caller: Caller;
  changePassword: boolean;
}

/** The token of an `Authorization: Bearer <token>` header, or null for anything else. */
export function bearerToken(authorization: string | undefined): string | null {
  if (!authorization) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(authorization.trim());
  return match?.[1] ?? null;
}

/** Bearer token → live session row → live user and role. Anything missing means "not logged in". */
export async function resolveCaller(authorization: string | undefined, tokens: TokenService, em: EntityManager): Promise<ResolvedCaller | null> {
  const token = bearerToken(authorization);
  if (!token) return null;
  const claims = await tokens.verify(token);
  if (!claims) return null;
  return resolveLogin(claims, em);
}

/**
 * A login (its session row and user) → the caller, or null once the login is over (logged
 * out, expired, user removed). Shared by the header and by a plugin's delegated credential, so
 * both see the same live user, role and projects.
 */
export async function resolveLogin(claims: { tokenId: string; userId: number; tenantId: number }, em: EntityManager): Promise<ResolvedCaller | null> {
  const session = await em.findOne(AuthSessionEntity, { id: claims.tokenId, userId: claims.userId, expiresAt: { $gt: new Date() } });
  if (!session) return null;
  const user = await em.findOne(UserEntity, { id: claims.userId, tenantId: claims.tenantId, deletedAt: null });
  if (!user) return null;
  return { caller: await callerFor(user, claims.tokenId, em), changePassword: user.changePassword };
}

export async function callerFor(user: User, tokenId: string, em: EntityManager): Promise<Caller> {
  const role = user.roleId ? await em.findOne(RoleEntity, { id: user.roleId, tenantId: user.tenantId, deletedAt: null }) : null;
  const permissions = new Set<Permission>((role?.permissions ?? []).filter(isPermission));
  return {
    userId: user.id,
    tenantId: user.tenantId,
    email: user.email,
    name: user.name,
    admin: user.admin || user.superAdmin,
    superAdmin: user.superAdmin,
    roleId: user.roleId ?? null,
    permissions,
    projectIds: role && !role.allProjects ? new Set(role.projectIds) : null,
    tokenId,
  };
}
