import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { PERMISSIONS } from '@cassette/plugin-sdk';
import type { SecretsService } from '@cassette/plugin-sdk/server';
import { ProjectEntity, type Project } from '../entities/project.entity.js';
import { RoleEntity } from '../entities/role.entity.js';
import { TenantEntity, type Tenant } from '../entities/tenant.entity.js';
import { UserEntity, type User } from '../entities/user.entity.js';
import { issueApiKey } from './organization-api-key.js';
import { DEFAULT_GDPR } from './project-view.js';

export const DEFAULT_ROLES = [
  { name: 'Owner', description: 'Owns the organization: every permission on every project.', protected: true },
  { name: 'Member', description: 'Every feature on every project, without administration.', protected: true },
] as const;

export function newProjectKey(): string {
  // 20 characters of [a-zA-Z0-9]: public (it ships in the tracker snippet) but unguessable.
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  const bytes = randomBytes(40);
  let key = '';
  for (const byte of bytes) {
    if (byte < 248) key += alphabet[byte % 62];
    if (key.length === 20) break;
  }
  return key.length === 20 ? key : newProjectKey();
}

export interface TenantSetupInput {
  organizationName: string;
  ownerEmail: string;
  ownerName: string;
  passwordHash: string;
  projectName: string;
  /** The first project's site host, already normalized (`readSiteHost`). */
  projectHost: string;
}

/**
 * Creates a tenant with its organization API key, its protected roles, its owner and a first
 * project, in the caller's transaction.
 */
export async function setUpTenant(
  em: EntityManager,
  input: TenantSetupInput,
  secrets: SecretsService,
): Promise<{ tenant: Tenant; owner: User; project: Project; apiKey: string }> {
  const tenant = em.create(TenantEntity, { name: input.organizationName, tenantKey: randomBytes(12).toString('hex'), onboarding: {}, iceServers: [], loggerOptions: {} });
  const apiKey = issueApiKey(tenant, secrets);
  await em.flush();
  const roles = DEFAULT_ROLES.map((r) =>
    em.create(RoleEntity, { tenantId: tenant.id, name: r.name, description: r.description, permissions: [...PERMISSIONS], allProjects: true, projectIds: [], protected: r.protected }),
  );
  await em.flush();
  const owner = em.create(UserEntity, {
    tenantId: tenant.id,
    email: input.ownerEmail,
    name: input.ownerName,
    passwordHash: input.passwordHash,
    admin: true,
    superAdmin: true,
    roleId: roles[0]!.id,
    joined: true,
    appearance: {},
  });
  const project = em.create(ProjectEntity, {
    tenantId: tenant.id,
    name: input.projectName,
    host: input.projectHost,
    projectKey: newProjectKey(),
    gdpr: { ...DEFAULT_GDPR },
    customFields: [],
    tags: [],
  });
  await em.flush();
  return { tenant, owner, project, apiKey };
}
