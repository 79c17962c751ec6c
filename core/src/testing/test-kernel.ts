import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Redis } from 'ioredis';
import { databaseUrl, withTemporaryDatabase } from '../database/temporary-database.js';
import type { ServiceOverrides } from '../kernel/create-services.js';
import { createMigratedPostgresDatabase, migratedPgliteTemplates } from './migrated-templates.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { coreServices, type DepsMap, type Mailer, type MailMessage, type ServerPlugin } from '@cassette/plugin-sdk/server';
import { loadConfig, type AppConfig } from '../config/app-config.js';
import { Kernel } from '../kernel/kernel.js';
import { createCapturingLogger, type CapturingLogger } from '../services/capturing-logger.js';
import { hashPassword } from '../auth/passwords.js';
import { setUpTenant } from '../domain/tenant-setup.js';
import { UserEntity } from '../entities/user.entity.js';
import { RoleEntity } from '../entities/role.entity.js';

export interface TestKernelOptions {
  plugins?: ServerPlugin<DepsMap>[];
  /** Extra environment (LIMIT_SITES, DATABASE_URL, ...). */
  env?: Record<string, string>;
  config?: Partial<AppConfig>;
  /**
   * Boot on this data directory (file-backed PGlite, blobs, secret keys) and leave it in
   * place on close, so a second kernel can start on what the first one left (restart tests).
   */
  dataDir?: string;
  /** Sends each mail through this first (to hold or fail it); `mails` gets it once this resolves. */
  mailer?: Mailer;
}

export interface TestUser {
  id: number;
  tenantId: number;
  email: string;
  password: string;
  token: string;
}

export interface TestKernel {
  kernel: Kernel;
  log: CapturingLogger;
  mails: MailMessage[];
  /** Resolves once `mails` holds at least `count` mails (some are sent after the answer). */
  waitForMails(count: number): Promise<MailMessage[]>;
  /** `app.inject` with an optional bearer token; answers parsed JSON. */
  request(method: string, url: string, options?: { token?: string; body?: unknown; headers?: Record<string, string> }): Promise<{ status: number; body: any; headers: Record<string, unknown> }>;
  /** A tenant with its owner logged in, a first project (host `FIRST_PROJECT_HOST`), and its organization API key. */
  createTenant(name?: string): Promise<{ tenantId: number; projectId: number; owner: TestUser; apiKey: string }>;
  /** A joined member of a tenant with a role holding exactly `permissions` (optionally scoped to projects). */
  createMember(tenantId: number, options?: { permissions?: string[]; admin?: boolean; projectIds?: number[] }): Promise<TestUser>;
  close(): Promise<void>;
}

let counter = 0;

/** The site host of each test tenant's first project. */
const FIRST_PROJECT_HOST = 'shop.example.test';

async function deleteRedisKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true });
  await redis.connect();
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    if (keys.length) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
  await redis.quit();
}

/**
 * Boots the real kernel with the given plugins on an in-memory PGlite (or DATABASE_URL),
 * in-process jobs and a mailer that captures instead of sending.
 */
export async function createTestKernel(options: TestKernelOptions = {}): Promise<TestKernel> {
  const persistent = options.dataDir !== undefined;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'cassette-test-'));
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, CASSETTE_PLUGINS: '', UI_DIR: join(dataDir, 'no-ui'), ...(options.env ?? {}) };
  if (!options.env?.DATABASE_URL) delete env.DATABASE_URL;
  if (!options.env?.REDIS_URL) delete env.REDIS_URL;
  // CI runs the same suites on the real servers: each kernel gets its own database and key prefix.
  const run = randomBytes(5).toString('hex');
  let temporaryDatabase: { drop: () => Promise<void> } | undefined;
  let prepareDatabase: ServiceOverrides['prepareDatabase'];
  const serverUrl = process.env.CASSETTE_TEST_DATABASE_URL;
  if (serverUrl && !env.DATABASE_URL && !persistent) {
    const name = `cassette_test_${run}`;
    const templatesRun = process.env.CASSETTE_TEST_TEMPLATES_RUN;
    if (templatesRun) {
      // Created once the boot knows its migrations, as a copy of a database that has them.
      env.DATABASE_URL = databaseUrl(serverUrl, name);
      prepareDatabase = async (sets) => {
        temporaryDatabase = await createMigratedPostgresDatabase(serverUrl, templatesRun, name, sets);
        return {};
      };
    } else {
      temporaryDatabase = await withTemporaryDatabase(serverUrl, name);
      env.DATABASE_URL = databaseUrl(serverUrl, name);
    }
  }
  if (process.env.CASSETTE_TEST_REDIS_URL && !env.REDIS_URL) env.REDIS_URL = process.env.CASSETTE_TEST_REDIS_URL;
  if (env.REDIS_URL && !options.env?.REDIS_PREFIX) env.REDIS_PREFIX = `cassette-test-${run}`;
  const config = { ...loadConfig(env), ...(options.config ?? {}) };
  const log = createCapturingLogger();
  const mails: MailMessage[] = [];
  const mailWaiters: (() => void)[] = [];
  const mailer: Mailer = {
    send: async (m) => {
      await options.mailer?.send(m);
      mails.push(m);
      for (const wake of mailWaiters.splice(0)) wake();
    },
  };
  const waitForMails = async (count: number): Promise<MailMessage[]> => {
    while (mails.length < count) await new Promise<void>((resolve) => mailWaiters.push(resolve));
    return mails;
  };
  const cleanUpServers = async () => {
    await temporaryDatabase?.drop();
    if (config.redisUrl) await deleteRedisKeys(config.redisUrl, `${config.redisPrefix}:`);
  };
  const inMemory = !config.databaseUrl && !persistent;
  const pgliteTemplate = process.env.CASSETTE_PGLITE_TEMPLATE;
  if (inMemory && pgliteTemplate) prepareDatabase = migratedPgliteTemplates(pgliteTemplate);
  let kernel: Kernel;
  try {
    kernel = await Kernel.boot({
      config,
      plugins: options.plugins ?? [],
      version: '0.0.0-test',
      overrides: { log, mailer, pgliteDir: inMemory ? 'memory://' : undefined, pgliteTemplate, prepareDatabase },
    });
  } catch (error) {
    await cleanUpServers();
    if (!persistent) rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }

  const request: TestKernel['request'] = async (method, url, opts = {}) => {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    const response = await kernel.app.inject({ method: method as 'GET', url, headers, ...(opts.body !== undefined ? { payload: opts.body as object } : {}) });
    let body: unknown = null;
    try {
      body = response.json();
    } catch {
      body = response.body;
    }
    return { status: response.statusCode, body, headers: response.headers };
  };

  // Each test user logs in from its own address, as people do: the per-address password
  // budget then holds for the routes under test, not for the fixtures.
  const login = async (email: string, password: string): Promise<string> => {
    const response = await kernel.app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress: `10.77.${(counter >> 8) & 255}.${counter & 255}` });
    const res = { status: response.statusCode, body: response.json() };
    if (res.status !== 200) throw new Error(`test login failed: ${JSON.stringify(res.body)}`);
    return res.body.jwt as string;
  };

  const createTenant: TestKernel['createTenant'] = async (name) => {
    counter += 1;
    const email = `owner${counter}-${Date.now()}@example.test`;
    const password = 'owner-password-1';
    const passwordHash = await hashPassword(password);
    const secrets = kernel.resolve(coreServices.secrets);
    const created = await kernel.db.transaction((em) =>
      setUpTenant(em, { organizationName: name ?? `Org ${counter}`, ownerEmail: email, ownerName: 'Owner', passwordHash, projectName: 'First project', projectHost: FIRST_PROJECT_HOST }, secrets),
    );
    const token = await login(email, password);
    return {
      tenantId: created.tenant.id,
      projectId: created.project.id,
      owner: { id: created.owner.id, tenantId: created.tenant.id, email, password, token },
      apiKey: created.apiKey,
    };
  };

  const createMember: TestKernel['createMember'] = async (tenantId, opts = {}) => {
    counter += 1;
    const email = `member${counter}-${Date.now()}@example.test`;
    const password = 'member-password-1';
    const em = kernel.db.em();
    const role = em.create(RoleEntity, {
      tenantId,
      name: `Role ${counter}`,
      permissions: (opts.permissions ?? []) as never,
      allProjects: !opts.projectIds,
      projectIds: opts.projectIds ?? [],
      protected: false,
    });
    await em.flush();
    const user = em.create(UserEntity, { tenantId, email, name: `Member ${counter}`, passwordHash: await hashPassword(password), admin: opts.admin ?? false, roleId: role.id, joined: true, appearance: {} });
    await em.flush();
    return { id: user.id, tenantId, email, password, token: await login(email, password) };
  };

  return {
    kernel,
    log,
    mails,
    waitForMails,
    request,
    createTenant,
    createMember,
    async close() {
      await kernel.shutdown();
      await cleanUpServers();
      if (!persistent) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
