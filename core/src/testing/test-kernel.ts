import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DepsMap, Mailer, MailMessage, ServerPlugin } from '@cassette/plugin-sdk/server';
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
  /** `app.inject` with an optional bearer token; answers parsed JSON. */
  request(method: string, url: string, options?: { token?: string; body?: unknown; headers?: Record<string, string> }): Promise<{ status: number; body: any; headers: Record<string, unknown> }>;
  /** A tenant with its owner logged in and a first project. */
  createTenant(name?: string): Promise<{ tenantId: number; projectId: number; owner: TestUser }>;
  /** A joined member of a tenant with a role holding exactly `permissions` (optionally scoped to projects). */
  createMember(tenantId: number, options?: { permissions?: string[]; admin?: boolean; projectIds?: number[] }): Promise<TestUser>;
  close(): Promise<void>;
}

let counter = 0;

/**
 * Boots the real kernel with the given plugins on an in-memory PGlite (or DATABASE_URL),
 * in-process jobs and a mailer that captures instead of sending.
 */
export async function createTestKernel(options: TestKernelOptions = {}): Promise<TestKernel> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cassette-test-'));
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, CASSETTE_PLUGINS: '', UI_DIR: join(dataDir, 'no-ui'), ...(options.env ?? {}) };
  if (!options.env?.DATABASE_URL) delete env.DATABASE_URL;
  if (!options.env?.REDIS_URL) delete env.REDIS_URL;
  const config = { ...loadConfig(env), ...(options.config ?? {}) };
  const log = createCapturingLogger();
  const mails: MailMessage[] = [];
  const mailer: Mailer = { send: async (m) => void mails.push(m) };
  const kernel = await Kernel.boot({
    config,
    plugins: options.plugins ?? [],
    version: '0.0.0-test',
    overrides: { log, mailer, pgliteDir: config.databaseUrl ? undefined : 'memory://', pgliteTemplate: process.env.CASSETTE_PGLITE_TEMPLATE },
  });

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

  const login = async (email: string, password: string): Promise<string> => {
    const res = await request('POST', '/api/login', { body: { email, password } });
    if (res.status !== 200) throw new Error(`test login failed: ${JSON.stringify(res.body)}`);
    return res.body.jwt as string;
  };

  const createTenant: TestKernel['createTenant'] = async (name) => {
    counter += 1;
    const email = `owner${counter}-${Date.now()}@example.test`;
    const password = 'owner-password-1';
    const passwordHash = await hashPassword(password);
    const created = await kernel.db.transaction((em) =>
      setUpTenant(em, { organizationName: name ?? `Org ${counter}`, ownerEmail: email, ownerName: 'Owner', passwordHash, projectName: 'First project' }),
    );
    const token = await login(email, password);
    return { tenantId: created.tenant.id, projectId: created.project.id, owner: { id: created.owner.id, tenantId: created.tenant.id, email, password, token } };
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
    request,
    createTenant,
    createMember,
    async close() {
      await kernel.shutdown();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
