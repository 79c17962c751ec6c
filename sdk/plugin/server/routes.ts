import type { EntityManager } from '@mikro-orm/core';
import type { Static, TSchema } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Permission } from '../shared/permissions.js';
import type { DepsMap, NoDeps, ResolvedDeps } from './deps.js';
import type { Logger } from './services.js';
import type { SqlRunner } from './sql.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/**
 * Who may call a route. The kernel checks it before the handler runs:
 * - `public`: anyone (login, signup, ingest endpoints with their own auth);
 * - `user`: any logged-in member of the tenant (plus `permission` when set);
 * - `admin`: admin or superAdmin only;
 * - `apiKey`: a build pipeline or script holding the organization API key (spec Client
 *   `apiKey`, Preferences › Account) as `Authorization: Bearer <key>`. The handler gets
 *   `tenantId` and no caller; it must scope what it touches to that tenant. Not combined
 *   with `project: true` or a `permission` (the key is not a member with a role): the kernel
 *   refuses to boot such a route. Login tokens are refused on these routes, and the key on
 *   every other route.
 * `project: true` mounts the route under `/api/:projectId` and checks the project
 * belongs to the caller's tenant (404 otherwise) and is within the caller's role.
 */
export interface RouteAccess {
  auth: 'public' | 'user' | 'admin' | 'apiKey';
  project?: boolean;
  permission?: Permission;
}

export interface RouteSchema {
  body?: TSchema;
  querystring?: TSchema;
  params?: TSchema;
  /** The schema of `data` in a 200 answer (documentation; OpenAPI). */
  response?: TSchema;
}

type StaticOr<S, D> = S extends TSchema ? Static<S> : D;

/** The authenticated caller, as the kernel resolved it. */
export interface Caller {
  userId: number;
  tenantId: number;
  email: string;
  name: string;
  admin: boolean;
  superAdmin: boolean;
  roleId: number | null;
  permissions: ReadonlySet<Permission>;
  /** null = all projects of the tenant */
  projectIds: ReadonlySet<number> | null;
  tokenId: string;
}

/** `caller` as the route's `auth` implies it: members' routes always have one. */
export type CallerFor<A extends RouteAccess> = A['auth'] extends 'user' | 'admin' ? Caller : null;
/** `projectId` as the route's access implies it: checked project routes always have one. */
export type ProjectIdFor<A extends RouteAccess> = A['project'] extends true ? (A['auth'] extends 'user' | 'admin' ? number : number | null) : null;
/** `tenantId` as the route's `auth` implies it: every authenticated route knows its tenant. */
export type TenantIdFor<A extends RouteAccess> = A['auth'] extends 'user' | 'admin' | 'apiKey' ? number : number | null;

export interface RouteContext<S extends RouteSchema, D extends DepsMap = DepsMap, A extends RouteAccess = RouteAccess> {
  body: StaticOr<S['body'], undefined>;
  query: StaticOr<S['querystring'], Record<string, never>>;
  params: StaticOr<S['params'], Record<string, string>>;
  /** The plugin's resolved services, the same object its jobs and event handlers get. */
  deps: ResolvedDeps<D>;
  /** The member calling; present on `user` and `admin` routes. */
  caller: CallerFor<A>;
  /** Present on project routes; already checked against the caller. */
  projectId: ProjectIdFor<A>;
  /** Tenant of the caller (or of the API key); null only on public routes. */
  tenantId: TenantIdFor<A>;
  /** A fresh EntityManager fork for this request. */
  em: EntityManager;
  /** Runs `sql\`...\`` fragments on this request's EntityManager; `sql.transaction(...)` for one transaction. */
  sql: SqlRunner;
  log: Logger;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** What a handler returns becomes `{ data }`; `ApiResult` lets it add top-level fields (e.g. `jwt`). */
export interface ApiResult<T> {
  readonly __apiResult: true;
  data: T;
  extra?: Record<string, unknown>;
  status?: number;
}

export function apiResult<T>(data: T, options: { extra?: Record<string, unknown>; status?: number } = {}): ApiResult<T> {
  return { __apiResult: true, data, ...options };
}

export interface RouteDef<S extends RouteSchema = RouteSchema, D extends DepsMap = DepsMap, A extends RouteAccess = RouteAccess> {
  method: HttpMethod;
  /** Path relative to `/api` (or `/api/:projectId` for project routes), e.g. `/notifications/:id/view`. */
  url: string;
  access: A;
  schema: S;
  summary?: string;
  /** Largest request body in bytes before the kernel answers 413 (Fastify's default 1 MiB otherwise); a function of the deps when a setting decides it. */
  bodyLimit?: number | ((deps: ResolvedDeps<D>) => number);
  /**
   * The handler receives the body as a Buffer whatever its content type (ingest reads
   * compressed or plain JSON itself, with its own size and depth limits). Schema
   * `body` must then be left out.
   */
  rawBody?: boolean;
  /**
   * `anyOrigin`: answers CORS preflights and allows every origin, without credentials
   * (ingest is called from the websites being recorded).
   */
  cors?: 'anyOrigin';
  /**
   * The answer keeps its null values. By default the kernel leaves null and undefined out of
   * answers; data where null means something (rrweb mutations: a null attribute is a removed
   * one) must reach the client whole.
   */
  keepNulls?: boolean;
  /**
   * A second credential for a `user` route, for requests a browser sends without the login
   * header (the replay's images, stylesheets and fonts are loaded by the replay iframe). Read
   * when the request has no `Authorization` header: the plugin checks its own token (throwing
   * an `HttpError` 401 for one that is not valid) and names the login it was issued to, or
   * returns null when the request carries none. The kernel then treats the request as that
   * login's: the login must still be live, and tenant, project, role and permission are checked
   * as for the header, against the user as they are now.
   */
  delegatedLogin?: (request: FastifyRequest, deps: ResolvedDeps<D>) => DelegatedLogin | null;
  /** A property, not a method, so a route needing services its plugin lacks fails to type-check. */
  handler: (ctx: RouteContext<S, D, A>) => Promise<unknown>;
  /**
   * Makes a GET route a WebSocket endpoint too: a request asking to upgrade passes the same
   * access checks (auth, project, permission, delegated login) and validation, then gets the
   * socket here instead of `handler` (which still answers plain requests, e.g. with a 426).
   * Each message is capped at `bodyLimit` (64 KiB by default): a longer one closes the socket.
   */
  socket?: (socket: RouteSocket, ctx: RouteContext<S, D, A>) => void;
}

/** One WebSocket connection, as a `socket` route gets it: text messages only. */
export interface RouteSocket {
  /** Sends a text message; dropped silently once the socket is closed. */
  send(text: string): void;
  /** Closes the connection (1000 normal; 1008 policy violation; 1009 too big; 4xxx the app's own). */
  close(code?: number, reason?: string): void;
  onMessage(handler: (text: string) => void): void;
  onClose(handler: () => void): void;
  /** Bytes queued but not yet sent: a slow reader to drop messages for rather than buffer without end. */
  readonly bufferedAmount: number;
  readonly open: boolean;
}

/** The login a plugin's own credential stands for (see `RouteDef.delegatedLogin`). */
export interface DelegatedLogin {
  userId: number;
  tenantId: number;
  /** The login session (`Caller.tokenId`) it was issued in: logging out ends the credential too. */
  loginId: string;
  /** The one project the credential opens; another project in the path is refused (403). */
  projectId: number;
}

/** A route of any schema, services and access, as the kernel stores and mounts it. */
export type AnyRouteDef = Omit<RouteDef, 'handler' | 'access' | 'delegatedLogin' | 'socket'> & {
  socket?: (socket: RouteSocket, ctx: never) => void;
  access: RouteAccess;
  handler: (ctx: never) => Promise<unknown>;
  delegatedLogin?: (request: FastifyRequest, deps: never) => DelegatedLogin | null;
};

/** Identity helper that keeps schema and access inference for a handler that needs no services. */
export function defineRoute<S extends RouteSchema, const A extends RouteAccess>(def: RouteDef<S, NoDeps, A>): RouteDef<S, NoDeps, A> {
  return def;
}

/**
 * `defineRoute` for routes that use the plugin's services: `export const route = routeFor(deps)`
 * once in the plugin (next to its `deps`), then `route({ ..., handler: ({ deps }) => ... })`.
 */
export function routeFor<D extends DepsMap>(_deps: D) {
  return <S extends RouteSchema, const A extends RouteAccess>(def: RouteDef<S, D, A>): RouteDef<S, D, A> => def;
}

/** An error a handler throws to answer with a 4xx and a readable message. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly messages: string[] = [message],
    /** Extra response headers, e.g. `Retry-After` on 429 and 503. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, more: string[] = []) => new HttpError(400, message, [message, ...more]);
export const forbidden = (message = 'Not allowed') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const payloadTooLarge = (message: string) => new HttpError(413, message);
/** 429 with `Retry-After` (seconds). */
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, [message], { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
/** 503 with `Retry-After` (seconds): the server is overloaded or a dependency is down. */
export const serviceUnavailable = (message: string, retryAfterSeconds: number) =>
  new HttpError(503, message, [message], { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/**
 * A file served outside `/api` at a fixed path (the tracker script, the demo website).
 * Public, GET only; `load` runs on each request unless `cacheSeconds` lets clients keep it.
 */
export interface AssetDef<D extends DepsMap = NoDeps> {
  /** Absolute path, e.g. `/tracker.js` or `/demo/`; must not start with `/api`. */
  url: string;
  contentType: string;
  /** `deps` are the plugin's resolved services, as its routes get them. A property, so an asset needing services its plugin lacks fails to type-check. */
  load: (request: FastifyRequest, deps: ResolvedDeps<D>) => Promise<string | Uint8Array> | string | Uint8Array;
  cacheSeconds?: number;
  /** Allow other origins to load it (the tracker script is embedded by any website). */
  cors?: 'anyOrigin';
}

/** An asset of any services, as the kernel stores and mounts it. */
export type AnyAssetDef = Omit<AssetDef, 'load'> & { load: (request: FastifyRequest, deps: never) => Promise<string | Uint8Array> | string | Uint8Array };

export function defineAsset(def: AssetDef): AssetDef {
  return def;
}

/** `defineAsset` for assets that use the plugin's services, like `routeFor`: `export const asset = assetFor(deps)`. */
export function assetFor<D extends DepsMap>(_deps: D) {
  return (def: AssetDef<D>): AssetDef<D> => def;
}
