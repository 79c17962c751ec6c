import type { TestKernel, TestUser } from '@cassette/core/testing';

/**
 * Authorization rows: each plugin owns the rows of its routes (`testing/authz.cases.ts`),
 * and one cross-plugin test (`tests/authz`) calls every mounted route as every kind of
 * caller, failing on a route nobody wrote a row for.
 *
 * Callers, in the order of `Statuses`: anonymous, a member lacking every permission, a member
 * holding every permission, an admin, and an admin of another tenant. Build pipelines call
 * with tenant A's and tenant B's organization API key (`KeyStatuses`).
 */
export type Statuses = [anonymous: number, lacking: number, holding: number, admin: number, otherTenant: number];
export type KeyStatuses = [apiKey: number, otherTenantApiKey: number];

/** What a row's fixture may use: the kernel and tenant A (whose things the rows address). */
export interface AuthzWorld {
  t: TestKernel;
  tenantId: number;
  projectId: number;
  adminToken: string;
  otherTenantId: number;
  otherTenantOwnerToken: string;
  /** A string no other call of the run gets (names, e-mails). */
  unique(): string;
  /** The user id of the "admin" caller. */
  adminCallerId(): number;
  /** A value shared by every row of the run, made once (a recorded session, say). */
  once<T>(key: string, make: () => Promise<T>): Promise<T>;
}

export interface AuthzCell {
  url: string;
  body?: unknown;
  /** The call spends the caller (logout, password change): use a new user of the same kind. */
  freshCaller?: boolean;
}

export interface AuthzRow {
  statuses: Statuses;
  /** Required for `auth: 'apiKey'` routes; user and admin routes answer [401, 401] otherwise. */
  keyStatuses?: KeyStatuses;
  fixture(w: AuthzWorld, caller: TestUser | null): Promise<AuthzCell> | AuthzCell;
}

/** Rows keyed `METHOD /full/path` as the kernel mounts them, e.g. `GET /api/:projectId/errors/stats`. */
export type AuthzRows = Record<string, AuthzRow>;

export function defineAuthzRows(rows: AuthzRows): AuthzRows {
  return rows;
}

/** The usual answers, by what a route declares. */
export const AUTHZ = {
  /** `auth: 'user'`, no project: every member of any tenant. */
  USER: [401, 200, 200, 200, 200],
  /** `auth: 'admin'` on the caller's own tenant. */
  ADMIN_TENANT: [401, 403, 403, 200, 200],
  /** `auth: 'admin'` on a thing of tenant A: another tenant's admin does not find it. */
  ADMIN_OWNED: [401, 403, 403, 200, 404],
  /** `auth: 'user'` on a thing of tenant A. */
  USER_OWNED: [401, 200, 200, 200, 404],
  /** A project route behind a permission: members lacking it are refused, other tenants do not find the project. */
  PERMISSION: [401, 403, 200, 200, 404],
  /** `auth: 'public'` and answering everyone. */
  PUBLIC_OK: [200, 200, 200, 200, 200],
  /** `auth: 'apiKey'`: no login token opens it, whoever it belongs to. */
  API_KEY_ONLY: [401, 401, 401, 401, 401],
} satisfies Record<string, Statuses>;
