import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { coreServices, definePlugin, defineRoute } from '@cassette/plugin-sdk/server';
import { hashPassword } from '../auth/passwords.js';
import { coreMigrations } from '../database/core-migrations.js';
import { createDatabase } from '../database/create-database.js';
import { runMigrations } from '../database/migrator.js';
import { coreEntities } from '../entities/index.js';
import type { Tenant } from '../entities/tenant.entity.js';
import { createCapturingLogger } from '../services/capturing-logger.js';
import { AesGcmSecrets } from '../services/secrets/aes-gcm-secrets.js';
import { createTestKernel } from '../testing/test-kernel.js';
import { hashApiKey, issueApiKey, issueMissingApiKeys, looksLikeApiKey, newApiKey, revealApiKey } from './organization-api-key.js';

const secretsWith = (id: string) => new AesGcmSecrets(new Map([[id, randomBytes(32)]]), id);

const whoami = definePlugin({
  id: 'pipeline',
  register(r) {
    r.route(defineRoute({ method: 'GET', url: '/pipeline/whoami', access: { auth: 'apiKey' }, schema: {}, handler: async ({ tenantId }) => ({ tenantId }) }));
  },
});

describe('organization API keys', () => {
  it('are cak_ and 32 random bytes in base64url, never twice the same', () => {
    const keys = new Set(Array.from({ length: 2000 }, newApiKey));
    expect(keys.size).toBe(2000);
    for (const key of [...keys].slice(0, 50)) {
      expect(key).toMatch(/^cak_[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(key.slice(4), 'base64url')).toHaveLength(32);
      expect(looksLikeApiKey(key)).toBe(true);
    }
    for (const other of ['', 'cak_', 'cak_short', `cak_${'a'.repeat(44)}`, `CAK_${'a'.repeat(43)}`, `cak_${'a'.repeat(42)}=`, 'eyJhbGciOiJIUzI1NiJ9.e30.x']) {
      expect(looksLikeApiKey(other), other).toBe(false);
    }
  });

  it('are stored as a sha256 and a sealed copy, neither holding the key', () => {
    const secrets = secretsWith('k1');
    const tenant = { id: 1 } as Tenant;
    const key = issueApiKey(tenant, secrets);
    expect(tenant.apiKeyHash).toBe(hashApiKey(key));
    expect(tenant.apiKeyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(tenant.apiKeySealed).not.toContain(key.slice(4));
    expect(revealApiKey(tenant, secrets, createCapturingLogger())).toBe(key);
    const again = issueApiKey(tenant, secrets);
    expect(again).not.toBe(key);
    expect(tenant.apiKeyHash).toBe(hashApiKey(again));
  });

  it('cannot be shown once the secret key that sealed them is gone, and say so in the log', () => {
    const tenant = { id: 9 } as Tenant;
    issueApiKey(tenant, secretsWith('old'));
    const log = createCapturingLogger();
    expect(revealApiKey(tenant, secretsWith('new'), log)).toBeNull();
    expect(log.lines.some((line) => line.level === 'warn' && line.msg?.includes('an admin must generate a new one'))).toBe(true);
    expect(revealApiKey({ id: 10 } as Tenant, secretsWith('new'), log)).toBeNull();
  });
});

describe('tenants that existed before API keys', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cassette-api-key-migration-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('get one when the kernel boots after the migration, and keep it on the next boot', async () => {
    // A database as the release before API keys left it: only the first core migration, one tenant.
    const old = await createDatabase({ pgliteDir: join(dataDir, 'pglite'), entities: coreEntities as never[] });
    await runMigrations(old, [{ owner: 'core', migrations: coreMigrations.slice(0, 1) }], createCapturingLogger());
    const connection = old.em().getConnection();
    const [tenant] = (await connection.execute(`insert into core_tenants (name, tenant_key) values ('Old Org', 'old-tenant-key') returning id`)) as { id: number }[];
    await connection.execute(`insert into core_users (tenant_id, email, name, password_hash, admin, super_admin, joined) values (?, 'old@example.test', 'Old Owner', ?, true, true, true)`, [
      tenant!.id,
      await hashPassword('old-password-1'),
    ]);
    await old.close();

    const first = await createTestKernel({ dataDir, plugins: [whoami] });
    let apiKey: string;
    try {
      const login = await first.request('POST', '/api/login', { body: { email: 'old@example.test', password: 'old-password-1' } });
      const client = await first.request('GET', '/api/client', { token: login.body.jwt });
      apiKey = client.body.data.apiKey;
      expect(looksLikeApiKey(apiKey)).toBe(true);
      expect((await first.request('GET', '/api/pipeline/whoami', { token: apiKey })).body.data).toEqual({ tenantId: tenant!.id });
      const stored = (await first.kernel.db.em().getConnection().execute('select api_key_hash, api_key_sealed from core_tenants where id = ?', [tenant!.id])) as {
        api_key_hash: string;
        api_key_sealed: string;
      }[];
      expect(stored[0]!.api_key_hash).toBe(hashApiKey(apiKey));
      expect(stored[0]!.api_key_sealed).not.toContain(apiKey.slice(4));
    } finally {
      await first.close();
    }

    const second = await createTestKernel({ dataDir, plugins: [whoami] });
    try {
      expect(await issueMissingApiKeys(second.kernel.db, second.kernel.resolve(coreServices.secrets), second.log)).toBe(0);
      expect((await second.request('GET', '/api/pipeline/whoami', { token: apiKey })).body.data).toEqual({ tenantId: tenant!.id });
    } finally {
      await second.close();
    }
  }, 60_000);
});
