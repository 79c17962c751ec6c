// A host shell context for plugin UI tests: the account, the project, and an API that answers by route.
import { vi, type Mock } from 'vitest';
import { ApiError, type ApiClient } from '../api-client.js';
import { accountHasPermission, type Account, type HostContextValue, type ProjectSummary } from '../host-context.js';

export const TEST_PROJECT: ProjectSummary = { id: 7, name: 'Shop', host: 'shop.test', projectKey: 'key-7', status: 'green', recorded: true };

/** An admin (holds every permission) unless overridden: a member is `{ admin: false, permissions: [...] }`. */
export function fakeAccount(overrides: Partial<Account> = {}): Account {
  return {
    id: 1,
    email: 'olivia@shop.test',
    name: 'Olivia',
    admin: true,
    superAdmin: false,
    changePassword: false,
    roleId: null,
    permissions: [],
    appearance: {},
    limits: { teamMember: { limit: 10, remaining: 9 }, sites: { limit: 10, remaining: 9 }, projects: { remaining: 9 } },
    ...overrides,
  };
}

/** Answers one route: gets the whole path (with its query string) and the request body. */
export type RouteAnswer = (path: string, body: unknown) => unknown;

/** Keys are "METHOD /path" without the query string, e.g. "GET /7/errors" or "POST /7/sessions/search2". */
export type FakeRoutes = Record<string, RouteAnswer>;

type ApiMock = Mock<(path: string, body?: unknown) => Promise<unknown>>;

export interface FakeApi {
  request: Mock<(method: string, path: string, body?: unknown) => Promise<{ data: unknown }>>;
  get: ApiMock;
  post: ApiMock;
  put: ApiMock;
  del: ApiMock;
}

export type FakeHost = HostContextValue & { api: ApiClient & FakeApi };

const routeTables = new WeakMap<FakeHost, FakeRoutes>();

export interface FakeHostOptions extends Partial<Omit<HostContextValue, 'api'>> {
  routes?: FakeRoutes;
}

/**
 * A host whose API answers by route, as the server would: a route not in `routes` is a 404
 * (`ApiError`), and an answer that throws (e.g. `new ApiError(403, ['Not allowed'])`) fails the
 * call. Every method is a `vi.fn`, so tests can read the calls. Permissions follow the account.
 */
export function fakeHost({ routes = {}, ...overrides }: FakeHostOptions = {}): FakeHost {
  const table: FakeRoutes = { ...routes };
  const answer = async (method: string, path: string, body?: unknown) => {
    const route = table[`${method} ${path.split('?')[0]}`];
    if (!route) throw new ApiError(404, [`No route ${method} ${path}`]);
    return route(path, body);
  };
  const api: FakeApi = {
    request: vi.fn(async (method: string, path: string, body?: unknown) => ({ data: await answer(method.toUpperCase(), path, body) })),
    get: vi.fn((path: string) => answer('GET', path)),
    post: vi.fn((path: string, body?: unknown) => answer('POST', path, body)),
    put: vi.fn((path: string, body?: unknown) => answer('PUT', path, body)),
    del: vi.fn((path: string) => answer('DELETE', path)),
  };
  const host: FakeHost = {
    api: api as ApiClient & FakeApi,
    account: fakeAccount(),
    client: null,
    projects: [TEST_PROJECT],
    currentProject: TEST_PROJECT,
    selectProject: vi.fn(),
    reloadProjects: vi.fn(async () => {}),
    hasPermission: (permission) => accountHasPermission(host.account, permission),
    toast: vi.fn(),
    enabledPlugins: [],
    timezone: 'UTC',
    setTimezone: vi.fn(),
    logout: vi.fn(async () => {}),
    ...overrides,
  };
  routeTables.set(host, table);
  return host;
}

/** Adds or replaces routes of a fake host (the new answer for a key wins). */
export function answerRoutes(host: FakeHost, routes: FakeRoutes): void {
  const table = routeTables.get(host);
  if (!table) throw new Error('answerRoutes: the host was not made by fakeHost()');
  Object.assign(table, routes);
}
