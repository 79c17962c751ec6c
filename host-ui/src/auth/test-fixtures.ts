import type { Account, Client } from '@cassette/plugin-sdk/ui';
import type { AuthResult } from './auth-result.js';

export function account(overrides: Partial<Account> = {}): Account {
  return {
    id: 1,
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    admin: true,
    superAdmin: true,
    changePassword: false,
    roleId: null,
    permissions: [],
    appearance: {},
    limits: { teamMember: { limit: -1, remaining: -1 }, sites: { limit: -1, remaining: -1 }, projects: { remaining: -1 } },
    ...overrides,
  };
}

export const client: Client = { tenantId: 1, name: 'Acme', tenantKey: 'k', edition: 'self-hosted', optOut: false };

export function authResult(overrides: Partial<Account> = {}, jwt = 'jwt-1'): AuthResult {
  return { jwt, account: account(overrides), client };
}

/** An error shaped like the SDK's ApiError. */
export function apiError(status: number, errors: string[]): Error & { status: number; errors: string[] } {
  return Object.assign(new Error(errors[0]), { status, errors });
}
