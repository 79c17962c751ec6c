import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestKernel, type TestUser } from '@cassette/core/testing';
import { notificationsService } from '@cassette/plugin-notifications/api';
import { loadAllPlugins } from './load-all-plugins.js';

/**
 * Every registered route × every kind of caller, with the status each must get. The table is
 * keyed by the kernel's own route list: a route added without an entry here fails the test.
 *
 * Callers are five users (by login token) and two build pipelines (by organization API key:
 * tenant A's and tenant B's). Every user or admin route refuses a key (401); public routes
 * ignore credentials and are not called with one. An `auth: 'apiKey'` route gives
 * `keyStatuses` itself, and its user columns are API_KEY_ONLY.
 */
type UserKind = 'anonymous' | 'lacking' | 'holding' | 'admin' | 'otherTenant';
type KeyKind = 'apiKey' | 'otherTenantApiKey';
type Kind = UserKind | KeyKind;
const USER_KINDS: UserKind[] = ['anonymous', 'lacking', 'holding', 'admin', 'otherTenant'];
const KEY_KINDS: KeyKind[] = ['apiKey', 'otherTenantApiKey'];

interface World {
  t: TestKernel;
  tenantId: number;
  projectId: number;
  adminToken: string;
  otherTenantId: number;
  otherTenantOwnerToken: string;
  unique(): string;
  adminCallerId(): number;
}
interface Cell {
  url: string;
  body?: unknown;
  /** The call spends the caller (logout, password change): use a new user of the same kind. */
  freshCaller?: boolean;
}
type Fixture = (w: World, caller: TestUser | null) => Promise<Cell> | Cell;
type Statuses = [anonymous: number, lacking: number, holding: number, admin: number, otherTenant: number];
/** Tenant A's API key, tenant B's API key (the fixtures address tenant A's things). */
type KeyStatuses = [apiKey: number, otherTenantApiKey: number];

const USER: Statuses = [401, 200, 200, 200, 200];
const ADMIN_TENANT: Statuses = [401, 403, 403, 200, 200];
const ADMIN_OWNED: Statuses = [401, 403, 403, 200, 404];
const USER_OWNED: Statuses = [401, 200, 200, 200, 404];
const PUBLIC_OK: Statuses = [200, 200, 200, 200, 200];
/** Build-pipeline routes: no login token opens them, whoever it belongs to. */
const API_KEY_ONLY: Statuses = [401, 401, 401, 401, 401];

async function invite(w: World): Promise<number> {
  const res = await w.t.request('PUT', '/api/client/members', { token: w.adminToken, body: { email: `${w.unique()}@example.test`, name: 'Invited' } });
  return res.body.data.id;
}
async function role(w: World): Promise<number> {
  const res = await w.t.request('PUT', '/api/client/roles', { token: w.adminToken, body: { name: `Role ${w.unique()}`, permissions: [], allProjects: true } });
  return res.body.data.roleId;
}
async function project(w: World): Promise<number> {
  const res = await w.t.request('POST', '/api/projects', { token: w.adminToken, body: { name: `Project ${w.unique()}` } });
  return res.body.data.id;
}
async function projectWithField(w: World): Promise<number> {
  const id = await project(w);
  await w.t.request('POST', `/api/${id}/metadata`, { token: w.adminToken, body: { key: 'plan' } });
  return id;
}
async function mailedToken(w: World): Promise<string> {
  const member = await w.t.createMember(w.tenantId);
  w.t.mails.length = 0;
  await w.t.request('POST', '/api/password/reset-link', { body: { email: member.email } });
  return decodeURIComponent(/token=([^\s&]+)/.exec(w.t.mails[0]!.text)![1]!);
}
async function notificationOfAdminCaller(w: World): Promise<number> {
  // Only its recipient (the "admin" caller) may touch it; to everyone else the id is unknown.
  const ids = await w.t.kernel.resolve(notificationsService).notify({ tenantId: w.tenantId, userIds: [w.adminCallerId()], title: 'Hello' });
  return ids[0]!;
}

/** The tracker's start body for the first project of tenant A (ingest routes are public: the project key is the credential). */
async function trackerStart(w: World): Promise<Record<string, unknown>> {
  const project = await w.t.request('GET', `/api/projects/${w.projectId}`, { token: w.adminToken });
  return {
    projectKey: project.body.data.projectKey,
    trackerVersion: '1.0.0',
    protocolVersion: 1,
    timestamp: Date.now(),
    url: 'https://shop.example.test/',
    referrer: '',
    title: 'Shop',
    screen: { width: 1920, height: 1080 },
    viewport: { width: 1280, height: 720 },
  };
}
/** A batch of a fresh session; the session token goes in the query (as from sendBeacon), so a caller's login token in the header does not matter. */
async function trackerBatch(w: World): Promise<Cell> {
  const started = await w.t.request('POST', '/api/ingest/v1/start', { body: await trackerStart(w) });
  const { sessionId, token } = started.body.data;
  const now = Date.now();
  return {
    url: `/api/ingest/v1/batch?token=${encodeURIComponent(token)}`,
    body: { sessionId, seq: 0, sentAt: now, pageNo: 0, recording: [{ type: 4, timestamp: now, data: { href: 'https://shop.example.test/', width: 1280, height: 720 } }], events: [{ type: 'click', ts: now, selector: 'a', label: 'A' }] },
  };
}

/** A session of tenant A's first project, recorded through the tracker endpoints and processed (once per run). */
let recorded: Promise<string> | null = null;
function recordedSession(w: World): Promise<string> {
  recorded ??= (async () => {
    const started = await w.t.request('POST', '/api/ingest/v1/start', { body: await trackerStart(w) });
    const { sessionId, token } = started.body.data;
    const now = Date.now();
    const body = { sessionId, seq: 0, sentAt: now, pageNo: 0, recording: [{ type: 4, timestamp: now, data: { href: 'https://shop.example.test/', width: 1280, height: 720 } }], events: [{ type: 'click', ts: now, selector: 'a', label: 'A' }] };
    await w.t.request('POST', `/api/ingest/v1/batch?token=${encodeURIComponent(token)}`, { body });
    const until = Date.now() + 15_000;
    while ((await w.t.request('GET', `/api/${w.projectId}/sessions2/${sessionId}/recording`, { token: w.adminToken })).body?.data?.chunks?.length !== 1) {
      if (Date.now() > until) throw new Error('the recorded session was not processed in time');
      await new Promise((r) => setTimeout(r, 50));
    }
    return sessionId as string;
  })();
  return recorded;
}
const SESSION_REPLAY: Statuses = [401, 403, 200, 200, 404];

/**
 * A processed session of tenant A's first project with `count` errors of new groups (names
 * made unique), recorded through the tracker endpoints; its id and the groups' ids in order.
 */
async function sessionWithNewErrors(w: World, count: number): Promise<{ sessionId: string; errorIds: string[] }> {
  const started = await w.t.request('POST', '/api/ingest/v1/start', { body: await trackerStart(w) });
  const { sessionId, token } = started.body.data;
  const now = Date.now();
  const names = Array.from({ length: count }, () => `AuthzError${w.unique().replace(/\W/g, '')}`);
  const events = names.map((name, i) => ({ type: 'error', ts: now + i, source: 'js_exception', name, message: 'boom', stack: `${name}: boom\n    at checkout (https://shop.example.test/app.js:1:${i + 1})` }));
  const body = { sessionId, seq: 0, sentAt: now, pageNo: 0, recording: [{ type: 4, timestamp: now, data: { href: 'https://shop.example.test/', width: 1280, height: 720 } }], events };
  await w.t.request('POST', `/api/ingest/v1/batch?token=${encodeURIComponent(token)}`, { body });
  const until = Date.now() + 15_000;
  for (;;) {
    const res = await w.t.request('GET', `/api/${w.projectId}/sessions2/${sessionId}/errors`, { token: w.adminToken });
    const occurrences = (res.status === 200 ? res.body.data : []) as { errorId: string }[];
    if (occurrences.length === count) return { sessionId, errorIds: occurrences.map((o) => o.errorId) };
    if (Date.now() > until) throw new Error('the session with errors was not processed in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}
/** One error group of tenant A's first project and its session (once per run). */
let recordedError: Promise<{ sessionId: string; errorId: string }> | null = null;
function anError(w: World): Promise<{ sessionId: string; errorId: string }> {
  recordedError ??= sessionWithNewErrors(w, 1).then(({ sessionId, errorIds }) => ({ sessionId, errorId: errorIds[0]! }));
  return recordedError;
}
const ERRORS: Statuses = [401, 403, 200, 200, 404];
/** A small valid source map, as a build uploads it. */
const SOURCE_MAP = { version: 3, file: 'app.min.js', sources: ['../src/app.ts'], sourcesContent: ['export const a = 1;'], names: [], mappings: 'AAAA' };

/** A saved search of tenant A's first project: the caller's own when it may save one (only the author may change it), else the admin's. */
async function savedSearchOf(w: World, caller: TestUser | null): Promise<number> {
  const body = { name: `Search ${w.unique()}`, filter: { events: [{ type: 'CLICK', operator: 'on', value: ['Buy'] }] } };
  const own = caller ? await w.t.request('POST', `/api/${w.projectId}/saved_search`, { token: caller.token, body }) : null;
  if (own?.status === 200) return own.body.data.searchId as number;
  const res = await w.t.request('POST', `/api/${w.projectId}/saved_search`, { token: w.adminToken, body });
  return res.body.data.searchId as number;
}

interface Entry {
  statuses: Statuses;
  /** Required for `auth: 'apiKey'` routes; [401, 401] for user and admin routes otherwise. */
  keyStatuses?: KeyStatuses;
  fixture: Fixture;
}

const MATRIX: Record<string, Entry> = {
  'GET /api/signup': { statuses: PUBLIC_OK, fixture: () => ({ url: '/api/signup' }) },
  'POST /api/signup': {
    statuses: [403, 403, 403, 403, 403],
    fixture: (w) => ({ url: '/api/signup', body: { email: `${w.unique()}@example.test`, password: 'password123', fullname: 'Late', organizationName: 'Late Inc' } }),
  },
  'POST /api/login': {
    statuses: PUBLIC_OK,
    fixture: async (w) => {
      const m = await w.t.createMember(w.tenantId);
      return { url: '/api/login', body: { email: m.email, password: m.password } };
    },
  },
  'POST /api/logout': { statuses: USER, fixture: () => ({ url: '/api/logout', body: {}, freshCaller: true }) },
  'POST /api/password/reset-link': { statuses: PUBLIC_OK, fixture: (w) => ({ url: '/api/password/reset-link', body: { email: `${w.unique()}@example.test` } }) },
  'GET /api/password/token': { statuses: PUBLIC_OK, fixture: async (w) => ({ url: `/api/password/token?token=${encodeURIComponent(await mailedToken(w))}` }) },
  'POST /api/password/reset': { statuses: PUBLIC_OK, fixture: async (w) => ({ url: '/api/password/reset', body: { token: await mailedToken(w), password: 'new-password-1' } }) },
  'POST /api/account/password': {
    statuses: USER,
    fixture: (_w, caller) => ({ url: '/api/account/password', body: { oldPassword: caller?.password ?? 'x', newPassword: 'changed-password-1' }, freshCaller: true }),
  },
  'GET /api/account': { statuses: USER, fixture: () => ({ url: '/api/account' }) },
  'POST /api/account': { statuses: USER, fixture: () => ({ url: '/api/account', body: { name: 'Renamed' } }) },
  'POST /api/account/appearance': { statuses: USER, fixture: () => ({ url: '/api/account/appearance', body: { appearance: { sessionsLive: true } } }) },
  'GET /api/client': { statuses: USER, fixture: () => ({ url: '/api/client' }) },
  'PUT /api/client': { statuses: ADMIN_TENANT, fixture: () => ({ url: '/api/client', body: { name: 'Renamed org' } }) },
  // Replaces the caller's tenant key: the key callers read the current key before each request.
  'POST /api/client/api-key': { statuses: ADMIN_TENANT, fixture: () => ({ url: '/api/client/api-key' }) },
  'GET /api/plugins': { statuses: PUBLIC_OK, fixture: () => ({ url: '/api/plugins' }) },
  'GET /api/boarding': { statuses: USER, fixture: () => ({ url: '/api/boarding' }) },
  'GET /api/client/members': { statuses: ADMIN_TENANT, fixture: () => ({ url: '/api/client/members' }) },
  'PUT /api/client/members': { statuses: ADMIN_TENANT, fixture: (w) => ({ url: '/api/client/members', body: { email: `${w.unique()}@example.test`, name: 'New member' } }) },
  'PUT /api/client/members/:id': { statuses: ADMIN_OWNED, fixture: async (w) => ({ url: `/api/client/members/${await invite(w)}`, body: { name: 'Changed' } }) },
  'GET /api/client/members/:id/reset': { statuses: ADMIN_OWNED, fixture: async (w) => ({ url: `/api/client/members/${await invite(w)}/reset` }) },
  'DELETE /api/client/members/:id': { statuses: ADMIN_OWNED, fixture: async (w) => ({ url: `/api/client/members/${await invite(w)}` }) },
  'GET /api/client/roles': { statuses: USER, fixture: () => ({ url: '/api/client/roles' }) },
  'PUT /api/client/roles': { statuses: ADMIN_TENANT, fixture: (w) => ({ url: '/api/client/roles', body: { name: `Role ${w.unique()}`, permissions: ['ERRORS'], allProjects: true } }) },
  'POST /api/client/roles/:roleId': {
    statuses: ADMIN_OWNED,
    fixture: async (w) => ({ url: `/api/client/roles/${await role(w)}`, body: { name: `Role ${w.unique()}`, permissions: ['METRICS'], allProjects: true } }),
  },
  'DELETE /api/client/roles/:roleId': { statuses: ADMIN_OWNED, fixture: async (w) => ({ url: `/api/client/roles/${await role(w)}` }) },
  'GET /api/projects': { statuses: USER, fixture: () => ({ url: '/api/projects' }) },
  'GET /api/projects/:id': { statuses: USER_OWNED, fixture: (w) => ({ url: `/api/projects/${w.projectId}` }) },
  'POST /api/projects': { statuses: ADMIN_TENANT, fixture: (w) => ({ url: '/api/projects', body: { name: `Project ${w.unique()}` } }) },
  'PUT /api/projects/:id': { statuses: ADMIN_OWNED, fixture: async (w) => ({ url: `/api/projects/${await project(w)}`, body: { host: 'example.com' } }) },
  'DELETE /api/projects/:id': { statuses: ADMIN_OWNED, fixture: async (w) => ({ url: `/api/projects/${await project(w)}` }) },
  'GET /api/:projectId/gdpr': { statuses: USER_OWNED, fixture: (w) => ({ url: `/api/${w.projectId}/gdpr` }) },
  'POST /api/:projectId/gdpr': { statuses: ADMIN_OWNED, fixture: (w) => ({ url: `/api/${w.projectId}/gdpr`, body: { maskNumbers: true } }) },
  'GET /api/:projectId/metadata': { statuses: USER_OWNED, fixture: (w) => ({ url: `/api/${w.projectId}/metadata` }) },
  'POST /api/:projectId/metadata': { statuses: ADMIN_OWNED, fixture: async (w) => ({ url: `/api/${await project(w)}/metadata`, body: { key: 'plan' } }) },
  'POST /api/:projectId/metadata/:index': { statuses: ADMIN_OWNED, fixture: async (w) => ({ url: `/api/${await projectWithField(w)}/metadata/1`, body: { key: 'tier' } }) },
  'DELETE /api/:projectId/metadata/:index': { statuses: ADMIN_OWNED, fixture: async (w) => ({ url: `/api/${await projectWithField(w)}/metadata/1` }) },
  // sessions plugin
  'POST /api/:projectId/sessions/search2': { statuses: [401, 403, 200, 200, 404], fixture: (w) => ({ url: `/api/${w.projectId}/sessions/search2`, body: { page: 1 } }) },
  'GET /api/:projectId/sessions2/:sessionId': { statuses: SESSION_REPLAY, fixture: async (w) => ({ url: `/api/${w.projectId}/sessions2/${await recordedSession(w)}` }) },
  'GET /api/:projectId/sessions2/:sessionId/favorite': { statuses: SESSION_REPLAY, fixture: async (w) => ({ url: `/api/${w.projectId}/sessions2/${await recordedSession(w)}/favorite` }) },
  'GET /api/:projectId/sessions2/favorite': { statuses: SESSION_REPLAY, fixture: (w) => ({ url: `/api/${w.projectId}/sessions2/favorite` }) },
  'POST /api/:projectId/sessions2/:sessionId/viewed': { statuses: SESSION_REPLAY, fixture: async (w) => ({ url: `/api/${w.projectId}/sessions2/${await recordedSession(w)}/viewed` }) },
  'GET /api/:projectId/sessions2/:sessionId/recording': { statuses: SESSION_REPLAY, fixture: async (w) => ({ url: `/api/${w.projectId}/sessions2/${await recordedSession(w)}/recording` }) },
  'GET /api/:projectId/sessions2/:sessionId/recording/:seq': { statuses: SESSION_REPLAY, fixture: async (w) => ({ url: `/api/${w.projectId}/sessions2/${await recordedSession(w)}/recording/0` }) },
  'POST /api/:projectId/sessions/gdpr/delete-user': { statuses: ADMIN_OWNED, fixture: (w) => ({ url: `/api/${w.projectId}/sessions/gdpr/delete-user`, body: { userId: `gone-${w.unique()}` } }) },
  'POST /api/:projectId/errors/search': { statuses: ERRORS, fixture: (w) => ({ url: `/api/${w.projectId}/errors/search`, body: { status: 'all' } }) },
  'GET /api/:projectId/errors/stats': { statuses: ERRORS, fixture: (w) => ({ url: `/api/${w.projectId}/errors/stats` }) },
  'GET /api/:projectId/errors/:errorId': { statuses: ERRORS, fixture: async (w) => ({ url: `/api/${w.projectId}/errors/${(await anError(w)).errorId}` }) },
  'GET /api/:projectId/errors/:errorId/sessions': { statuses: ERRORS, fixture: async (w) => ({ url: `/api/${w.projectId}/errors/${(await anError(w)).errorId}/sessions` }) },
  'GET /api/:projectId/errors/:errorId/solve': { statuses: ERRORS, fixture: async (w) => ({ url: `/api/${w.projectId}/errors/${(await anError(w)).errorId}/solve` }) },
  'GET /api/:projectId/errors/:errorId/unsolve': { statuses: ERRORS, fixture: async (w) => ({ url: `/api/${w.projectId}/errors/${(await anError(w)).errorId}/unsolve` }) },
  'GET /api/:projectId/errors/:errorId/ignore': { statuses: ERRORS, fixture: async (w) => ({ url: `/api/${w.projectId}/errors/${(await anError(w)).errorId}/ignore` }) },
  'GET /api/:projectId/errors/:errorId/favorite': { statuses: ERRORS, fixture: async (w) => ({ url: `/api/${w.projectId}/errors/${(await anError(w)).errorId}/favorite` }) },
  'GET /api/:projectId/errors/:errorId/sourcemaps': { statuses: ERRORS, fixture: async (w) => ({ url: `/api/${w.projectId}/errors/${(await anError(w)).errorId}/sourcemaps` }) },
  // Each call merges two groups of its own: a merged group cannot be merged again.
  'POST /api/:projectId/errors/merge': { statuses: ERRORS, fixture: async (w) => ({ url: `/api/${w.projectId}/errors/merge`, body: { errors: (await sessionWithNewErrors(w, 2)).errorIds } }) },
  'GET /api/:projectId/sessions2/:sessionId/errors': { statuses: ERRORS, fixture: async (w) => ({ url: `/api/${w.projectId}/sessions2/${(await anError(w)).sessionId}/errors` }) },
  'GET /api/:projectId/sessions2/:sessionId/errors/:errorId/sourcemaps': {
    statuses: ERRORS,
    fixture: async (w) => {
      const { sessionId, errorId } = await anError(w);
      return { url: `/api/${w.projectId}/sessions2/${sessionId}/errors/${errorId}/sourcemaps` };
    },
  },
  'GET /api/:projectId/sourcemaps': { statuses: ERRORS, fixture: (w) => ({ url: `/api/${w.projectId}/sourcemaps` }) },
  'DELETE /api/:projectId/sourcemaps': { statuses: ERRORS, fixture: (w) => ({ url: `/api/${w.projectId}/sourcemaps?release=authz-${w.unique()}` }) },
  // The project is named by its key; another organization's key does not find it.
  'POST /api/sourcemaps': {
    statuses: API_KEY_ONLY,
    keyStatuses: [200, 404],
    fixture: async (w) => ({ url: `/api/sourcemaps?projectKey=${(await trackerStart(w)).projectKey}&release=1.0.0&file=assets/app.min.js`, body: SOURCE_MAP }),
  },
  'GET /api/:projectId/saved_search': { statuses: SESSION_REPLAY, fixture: (w) => ({ url: `/api/${w.projectId}/saved_search` }) },
  'POST /api/:projectId/saved_search': {
    statuses: SESSION_REPLAY,
    fixture: (w) => ({ url: `/api/${w.projectId}/saved_search`, body: { name: `Search ${w.unique()}`, filter: { filters: [{ type: 'USEROS', operator: 'is', value: ['Linux'] }] }, isPublic: true } }),
  },
  'POST /api/:projectId/saved_search/:searchId': {
    statuses: SESSION_REPLAY,
    fixture: async (w, caller) => ({ url: `/api/${w.projectId}/saved_search/${await savedSearchOf(w, caller)}`, body: { name: 'Renamed search' } }),
  },
  'DELETE /api/:projectId/saved_search/:searchId': { statuses: SESSION_REPLAY, fixture: async (w, caller) => ({ url: `/api/${w.projectId}/saved_search/${await savedSearchOf(w, caller)}` }) },
  'GET /api/:projectId/events/search': { statuses: SESSION_REPLAY, fixture: (w) => ({ url: `/api/${w.projectId}/events/search?type=CLICK&q=a` }) },
  'GET /api/:projectId/events/values': { statuses: SESSION_REPLAY, fixture: (w) => ({ url: `/api/${w.projectId}/events/values?type=INPUT&q=a` }) },
  'GET /api/:projectId/events/selectors': { statuses: SESSION_REPLAY, fixture: (w) => ({ url: `/api/${w.projectId}/events/selectors?q=a` }) },
  'GET /api/:projectId/sessions/filters': { statuses: SESSION_REPLAY, fixture: (w) => ({ url: `/api/${w.projectId}/sessions/filters` }) },
  'GET /api/:projectId/sessions/filters/search': { statuses: SESSION_REPLAY, fixture: (w) => ({ url: `/api/${w.projectId}/sessions/filters/search?type=USEROS&q=a` }) },
  // ingest plugin: public tracker endpoints, authorised by the project key and the session token instead of a login.
  'POST /api/ingest/v1/start': { statuses: PUBLIC_OK, fixture: async (w) => ({ url: '/api/ingest/v1/start', body: await trackerStart(w) }) },
  'POST /api/ingest/v1/batch': { statuses: PUBLIC_OK, fixture: (w) => trackerBatch(w) },
  // notifications plugin: everyone reads their own; ids of others are unknown.
  'GET /api/notifications': { statuses: USER, fixture: () => ({ url: '/api/notifications' }) },
  'GET /api/notifications/count': { statuses: USER, fixture: () => ({ url: '/api/notifications/count' }) },
  'GET /api/notifications/:id/view': { statuses: [401, 404, 404, 200, 404], fixture: async (w) => ({ url: `/api/notifications/${await notificationOfAdminCaller(w)}/view` }) },
  'POST /api/notifications/view': { statuses: USER, fixture: () => ({ url: '/api/notifications/view', body: { endTimestamp: Date.now() } }) },
  'GET /api/announcements': { statuses: USER, fixture: () => ({ url: '/api/announcements' }) },
  'GET /api/announcements/view': { statuses: USER, fixture: () => ({ url: '/api/announcements/view' }) },
  'POST /api/announcements': { statuses: ADMIN_TENANT, fixture: () => ({ url: '/api/announcements', body: { title: 'Release', description: 'A new version is out.' } }) },
};

/** The statuses of the two API-key callers for a route; null when they are not asked. */
function keyStatusesOf(route: { access: { auth: string } }, entry: Entry): KeyStatuses | null {
  if (entry.keyStatuses) return entry.keyStatuses;
  return route.access.auth === 'user' || route.access.auth === 'admin' ? [401, 401] : null;
}

describe('authorization matrix', () => {
  let t: TestKernel;
  let world: World;
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

  beforeAll(async () => {
    t = await createTestKernel({ plugins: await loadAllPlugins() });
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
    };
    for (const kind of USER_KINDS) callers.set(kind, await newCaller(kind));
  });
  afterAll(async () => t?.close());

  it('has an entry for every registered route, and none for routes that do not exist', () => {
    const registered = t.kernel.routes.map((r) => `${r.method} ${r.path}`).sort();
    const missing = registered.filter((key) => !MATRIX[key]);
    expect(missing, `routes without an authorization matrix entry: ${missing.join(', ')}`).toEqual([]);
    expect(Object.keys(MATRIX).filter((key) => !registered.includes(key))).toEqual([]);
  });

  it('gives every API-key route the statuses of both key holders, and refuses it to every login', () => {
    const problems = t.kernel.routes
      .filter((r) => r.access.auth === 'apiKey')
      .map((r) => ({ key: `${r.method} ${r.path}`, entry: MATRIX[`${r.method} ${r.path}`] }))
      .filter(({ entry }) => entry && (!entry.keyStatuses || entry.statuses.some((s) => s !== 401)))
      .map(({ key }) => `${key}: an apiKey route needs keyStatuses and statuses API_KEY_ONLY`);
    expect(problems).toEqual([]);
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
