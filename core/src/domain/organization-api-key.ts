import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import type { Logger, SecretsService } from '@cassette/plugin-sdk/server';
import type { DatabaseRuntime } from '../database/create-database.js';
import type { Tenant } from '../entities/tenant.entity.js';

/** Recognisable in logs, configs and secret scanners; also tells a key from a login token. */
export const API_KEY_PREFIX = 'cak_';
const KEY_BYTES = 32;
/** `cak_` + 32 random bytes in base64url (43 characters, no padding). */
const API_KEY_SHAPE = /^cak_[A-Za-z0-9_-]{43}$/;

export function newApiKey(): string {
  return `${API_KEY_PREFIX}${randomBytes(KEY_BYTES).toString('base64url')}`;
}

/**
 * A plain sha256 is enough: the key carries 256 random bits, so there is nothing to brute-force
 * from the hash, and an unsalted hash can be looked up through a unique index.
 */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export function looksLikeApiKey(candidate: string): boolean {
  return API_KEY_SHAPE.test(candidate);
}

/** Gives the tenant a new key (the old one stops matching once flushed) and answers it in clear. */
export function issueApiKey(tenant: Tenant, secrets: SecretsService): string {
  const key = newApiKey();
  tenant.apiKeyHash = hashApiKey(key);
  tenant.apiKeySealed = secrets.encrypt(key);
  return key;
}

/**
 * The key in clear for an admin, or null when it cannot be opened (the secret key it was
 * sealed with is gone): the admin then generates a new one.
 */
export function revealApiKey(tenant: Tenant, secrets: SecretsService, log: Logger): string | null {
  if (!tenant.apiKeySealed) return null;
  try {
    return secrets.decrypt(tenant.apiKeySealed);
  } catch (error) {
    log.warn({ tenantId: tenant.id, err: error }, 'the organization API key cannot be unsealed; an admin must generate a new one');
    return null;
  }
}

/** The tenant a presented key belongs to, or null. */
export async function tenantIdForApiKey(em: EntityManager, candidate: string): Promise<number | null> {
  if (!looksLikeApiKey(candidate)) return null;
  const rows = (await em.getConnection().execute('select id from core_tenants where api_key_hash = ?', [hashApiKey(candidate)])) as { id: number }[];
  return rows[0]?.id ?? null;
}

/**
 * Tenants created before API keys existed get one at boot. Each update only applies while the
 * tenant still has no key, so processes booting together cannot overwrite each other's key.
 */
export async function issueMissingApiKeys(db: DatabaseRuntime, secrets: SecretsService, log: Logger): Promise<number> {
  const connection = db.em().getConnection();
  const rows = (await connection.execute('select id from core_tenants where api_key_hash is null')) as { id: number }[];
  let issued = 0;
  for (const { id } of rows) {
    const key = newApiKey();
    const updated = (await connection.execute(
      'update core_tenants set api_key_hash = ?, api_key_sealed = ? where id = ? and api_key_hash is null returning id',
      [hashApiKey(key), secrets.encrypt(key), id],
    )) as unknown[];
    issued += updated.length;
  }
  if (issued > 0) log.info({ tenants: issued }, 'organization API keys issued to existing tenants');
  return issued;
}
