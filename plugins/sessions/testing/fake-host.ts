// Test support for the sessions plugin's UI tests: the host shell's context with a fake API.
import { vi } from 'vitest';
import type { Account, ApiClient, HostContextValue, ProjectSummary } from '@cassette/plugin-sdk/ui';

export const PROJECT: ProjectSummary = { id: 7, name: 'Shop', host: 'shop.test', projectKey: 'key-7', status: 'green', recorded: true };

/** An admin: holds every permission. */
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

export interface FakeApi {
  get: ReturnType<typeof vi.fn>;
  post: ReturnType<typeof vi.fn>;
  del: ReturnType<typeof vi.fn>;
}

export function fakeHost(overrides: Partial<HostContextValue> = {}): HostContextValue & { api: ApiClient & FakeApi } {
  const api = { request: vi.fn(), get: vi.fn(), post: vi.fn(), put: vi.fn(), del: vi.fn() } as unknown as ApiClient & FakeApi;
  return {
    api,
    account: fakeAccount(),
    client: null,
    projects: [PROJECT],
    currentProject: PROJECT,
    selectProject: () => {},
    reloadProjects: vi.fn(async () => {}),
    hasPermission: () => true,
    toast: vi.fn(),
    enabledPlugins: ['sessions'],
    timezone: 'UTC',
    setTimezone: () => {},
    logout: async () => {},
    ...overrides,
  } as HostContextValue & { api: ApiClient & FakeApi };
}

