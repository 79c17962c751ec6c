import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type AuthzRow, type AuthzRows, type AuthzWorld, type KeyStatuses, type TestKernel, type TestUser } from '@cassette/plugin-sdk/testing';
import { authzRows as coreRows, memberTargetCells } from '@cassette/core/testing/authz';
import { loadAllPlugins, REPO_ROOT } from './load-all-plugins.js';

/**
 * Every registered route × every kind of caller, with the status each must get. Each plugin
 * owns the rows of its routes (`plugins/<id>/testing/authz.cases.ts`, the kernel's in
 * `core/src/testing/authz.cases.ts`); this test collects them and is keyed by the kernel's own
 * route list, so a route added without a row fails here.
 *
 * Callers are five users (by login token) and two build pipelines (by organization API key:
 * tenant A's and tenant B's). Every user or admin route refuses a key (401); public routes
 * ignore credentials and are not called with one. An `auth: 'apiKey'` route gives
 * `keyStatuses` itself, and its user columns are API_KEY_ONLY.
 */
type UserKind = 'anonymous' | 'lacking' | 'holding' | 'admin' | 'otherTenant';
type KeyKind = 'apiKey' | 'otherTenantApiKey';
const USER_KINDS: UserKind[] = ['anonymous', 'lacking', 'holding', 'admin', 'otherTenant'];
const KEY_KINDS: KeyKind[] = ['apiKey', 'otherTenantApiKey'];
type Entry = AuthzRow;

/** Each owner's rows: `core`, then every plugin folder holding `testing/authz.cases.ts`. */
async function collectRows(pluginIds: string[]): Promise<Map<string, AuthzRows>> {
  const owners = new Map<string, AuthzRows>([['core', coreRows]]);
  for (const id of pluginIds) {
    const file = join(REPO_ROOT, 'plugins', id, 'testing', 'authz.cases.ts');
    if (!existsSync(file)) continue;
    const module = (await import(pathToFileURL(file).href)) as { authzRows?: AuthzRows };
    if (!module.authzRows) throw new Error(`${file} must export authzRows (defineAuthzRows({...}))`);
    owners.set(id, module.authzRows);
  }
  return owners;
}

/** The statuses of the two API-key callers for a route; null when they are not asked. */
function keyStatusesOf(route: { access: { auth: string } }, entry: Entry): KeyStatuses | null {
  if (entry.keyStatuses) return entry.keyStatuses;
  return route.access.auth === 'user' || route.access.auth === 'admin' ? [401, 401] : null;
}

describe('authorization matrix', () => {
  let t: TestKernel;
  let world: AuthzWorld;
  const callers = new Map<UserKind, TestUser | null>();
  let seq = 0;

  async function newCaller(kind: UserKind): Promise<TestUser | null> {
    switch (kind) {
      case 'anonymous':
        return null;
      case 'lacking':
        return t.createMember(world.tenantId, { permissions: [] });
      case 'holding':
        return t.createMember(world.tenantId, { permissions: ['SESSION_REPLAY', 'DEV_TOOLS', 'ERRORS', 'METRICS', 'ASSIST_LIVE', 'ASSIST_CALL'] });
      case 'admin':
        return t.createMember(world.tenantId, { admin: true });
      case 'otherTenant':
        return t.createMember(world.otherTenantId, { admin: true });
    }
  }

  /** The tenant's key as it is now (an admin caller may just have replaced it). */
  async function currentKey(kind: KeyKind): Promise<string> {
    const ownerToken = kind === 'apiKey' ? world.adminToken : world.otherTenantOwnerToken;
    const res = await t.request('GET', '/api/client', { token: ownerToken });
    const key = res.body?.data?.apiKey;
    if (typeof key !== 'string') throw new Error(`no API key for ${kind}: ${JSON.stringify(res.body)}`);
    return key;
  }

  let rowsByOwner: Map<string, AuthzRows>;
  const MATRIX: Record<string, Entry> = {};
  const shared = new Map<string, Promise<unknown>>();

  beforeAll(async () => {
    const plugins = await loadAllPlugins();
    rowsByOwner = await collectRows(plugins.map((p) => p.id));
    for (const rows of rowsByOwner.values()) Object.assign(MATRIX, rows);
    t = await createTestKernel({ plugins });
    const a = await t.createTenant('Tenant A');
    const b = await t.createTenant('Tenant B');
    world = {
      t,
      tenantId: a.tenantId,
      projectId: a.projectId,
      adminToken: a.owner.token,
      otherTenantId: b.tenantId,
      otherTenantOwnerToken: b.owner.token,
      unique: () => `u${++seq}x${Date.now()}`,
      adminCallerId: () => callers.get('admin')!.id,
      once: <T>(key: string, make: () => Promise<T>) => {
        if (!shared.has(key)) shared.set(key, make());
        return shared.get(key) as Promise<T>;
      },
    };
    for (const kind of USER_KINDS) callers.set(kind, await newCaller(kind));
  });
  afterAll(async () => t?.close());

  it('has a row for every registered route, owned by the plugin that serves it, and none for routes that do not exist', () => {
    const missing = t.kernel.routes.filter((r) => !rowsByOwner.get(r.plugin)?.[`${r.method} ${r.path}`]).map((r) => `${r.method} ${r.path} (${r.plugin === 'core' ? 'core/src/testing' : `plugins/${r.plugin}/testing`}/authz.cases.ts)`);
    expect(missing, `routes without an authorization row: ${missing.join(', ')}`).toEqual([]);
    const registered = new Set(t.kernel.routes.map((r) => `${r.plugin} ${r.method} ${r.path}`));
    const stray = [...rowsByOwner].flatMap(([owner, rows]) => Object.keys(rows).filter((key) => !registered.has(`${owner} ${key}`)).map((key) => `${owner}: ${key}`));
    expect(stray, 'rows for routes their owner does not serve').toEqual([]);
  });

  it('gives every API-key route the statuses of both key holders, and refuses it to every login', () => {
    const problems = t.kernel.routes
      .filter((r) => r.access.auth === 'apiKey')
      .map((r) => ({ key: `${r.method} ${r.path}`, entry: MATRIX[`${r.method} ${r.path}`] }))
      .filter(({ entry }) => entry && (!entry.keyStatuses || entry.statuses.some((s) => s !== 401)))
      .map(({ key }) => `${key}: an apiKey route needs keyStatuses and statuses API_KEY_ONLY`);
    expect(problems).toEqual([]);
  });

  it('refuses an admin every member route aimed at the owner or another admin, and not the owner or the admin themselves', async () => {
    const ownerId: number = (await t.request('GET', '/api/account', { token: world.adminToken })).body.data.id;
    const memberRoutes = t.kernel.routes.filter((r) => r.path.startsWith('/api/client/members/:'));
    expect(memberRoutes.length).toBeGreaterThan(0);
    const missing = memberRoutes.map((r) => `${r.method} ${r.path}`).filter((key) => !memberTargetCells[key]);
    expect(missing, `member routes without a target cell (core/src/testing/authz.cases.ts): ${missing.join(', ')}`).toEqual([]);
    const failures: string[] = [];
    const call = (route: { method: string }, cell: { url: string; body?: unknown }, token: string) => t.request(route.method, cell.url, { token, body: cell.body });
    for (const route of memberRoutes) {
      const key = `${route.method} ${route.path}`;
      // A fresh admin for each route, as caller and as target: the owner's calls may change or remove them.
      const admin = await t.createMember(world.tenantId, { admin: true });
      const peer = await t.createMember(world.tenantId, { admin: true });
      for (const [target, targetId] of [['the owner', ownerId], ['another admin', peer.id]] as const) {
        const cell = memberTargetCells[key]!(world, targetId);
        const byAdmin = await call(route, cell, admin.token);
        if (byAdmin.status !== 403) failures.push(`${key} as admin on ${target}: expected 403, got ${byAdmin.status} ${JSON.stringify(byAdmin.body).slice(0, 200)}`);
        const byOwner = await call(route, cell, world.adminToken);
        if (byOwner.status === 403 || byOwner.status >= 500) failures.push(`${key} as the owner on ${target}: got ${byOwner.status}`);
      }
      const self = await call(route, memberTargetCells[key]!(world, admin.id), admin.token);
      if (self.status === 403 || self.status >= 500) failures.push(`${key} as an admin on themselves: got ${self.status}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers each caller with the expected status on every route', async () => {
    const failures: string[] = [];
    for (const route of t.kernel.routes) {
      const key = `${route.method} ${route.path}`;
      const entry = MATRIX[key];
      if (!entry) continue;
      for (const [i, kind] of USER_KINDS.entries()) {
        let caller = callers.get(kind) ?? null;
        let cell = await entry.fixture(world, caller);
        if (cell.freshCaller && caller) {
          caller = await newCaller(kind);
          cell = await entry.fixture(world, caller);
        }
        const res = await t.request(route.method, cell.url, { token: caller?.token, body: cell.body });
        if (res.status !== entry.statuses[i]) failures.push(`${key} as ${kind}: expected ${entry.statuses[i]}, got ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
        if (res.status >= 500) failures.push(`${key} as ${kind}: server error`);
      }
      const keyStatuses = keyStatusesOf(route, entry);
      if (!keyStatuses) continue;
      for (const [i, kind] of KEY_KINDS.entries()) {
        const cell = await entry.fixture(world, null);
        const res = await t.request(route.method, cell.url, { token: await currentKey(kind), body: cell.body });
        if (res.status !== keyStatuses[i]) failures.push(`${key} as ${kind}: expected ${keyStatuses[i]}, got ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
        if (res.status >= 500) failures.push(`${key} as ${kind}: server error`);
      }
    }
    expect(failures).toEqual([]);
    // Every route × every caller in sequence: it grows with the product, not with a slow machine.
  }, 240_000);
});
