import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { Type, type TObject, type TSchema } from '@sinclair/typebox';
import { PERMISSION_LABELS } from '@cassette/plugin-sdk';
import { HttpError, sqlRunner, type AnyRouteDef, type Caller, type Logger } from '@cassette/plugin-sdk/server';
import { routeSocket, DEFAULT_SOCKET_MESSAGE_LIMIT, type WsLike } from './route-socket.js';
import type { TokenService } from '../auth/tokens.js';
import type { LoginRateLimiter } from '../auth/login-rate-limiter.js';
import type { DatabaseRuntime } from '../database/create-database.js';
import { ProjectEntity } from '../entities/project.entity.js';
import { ADMIN_ONLY, LOGIN_GONE, PASSWORD_CHANGE_FIRST } from './access-messages.js';
import { bearerToken, resolveCaller, resolveLogin } from './caller-resolver.js';
import { API_KEY_ON_USER_ROUTE, authenticateApiKey, isApiKeyShaped } from './api-key-auth.js';
import { stripEmptyValues } from './strip-empty.js';
import { BootError } from '../boot-error.js';
import { assertFiniteNumbers, cleanInput } from './input-guard.js';

/** A route as mounted: the table the authorization matrix test is built from. */
export interface MountedRoute {
  plugin: string;
  method: AnyRouteDef['method'];
  /** Full path as Fastify sees it, e.g. `/api/:projectId/gdpr`. */
  path: string;
  access: AnyRouteDef['access'];
  route: AnyRouteDef;
  /** The body limit in force (the route's own, resolved from the plugin's deps when it is a function). */
  bodyLimit?: number;
}

export interface MountDeps {
  /** Which plugin serves each `METHOD /path`, to refuse clashes with a clear message. */
  routeOwners: Map<string, string>;
  tokens: TokenService;
  db: DatabaseRuntime;
  log: Logger;
  /** Wrong organization API keys per client IP. */
  apiKeyLimiter: LoginRateLimiter;
}

const PROJECT_ID_PARAM = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

export function fullPath(route: AnyRouteDef): string {
  const prefix = route.access.project ? '/api/:projectId' : '/api';
  return `${prefix}${route.url === '/' ? '' : route.url}`;
}

function paramsSchema(route: AnyRouteDef): TSchema | undefined {
  if (!route.access.project) return route.schema.params;
  const base = (route.schema.params as TObject | undefined)?.properties ?? {};
  return Type.Object({ ...base, projectId: PROJECT_ID_PARAM });
}

function definedOnly<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function isApiResult(value: unknown): value is { __apiResult: true; data: unknown; extra?: Record<string, unknown>; status?: number } {
  return typeof value === 'object' && value !== null && (value as { __apiResult?: unknown }).__apiResult === true;
}

const DELEGATED_OTHER_PROJECT = 'This link was made for another project: open the session again.';

/** Routes a member with a pending password change may still call. */
const PASSWORD_CHANGE_ALLOWED = new Set(['GET /api/account', 'POST /api/account/password', 'POST /api/logout', 'GET /api/client']);

/**
 * Mounts one plugin's routes. The access check runs before validation-dependent work and
 * before the handler: tenant, project, role scope and permission are all enforced here.
 * `services` are the plugin's resolved `deps`, handed to every handler as `ctx.deps` (the
 * same object its jobs and event handlers get).
 */
export function mountRoutes(app: FastifyInstance, plugin: string, routes: AnyRouteDef[], deps: MountDeps, services: object = {}): MountedRoute[] {
  const mounted: MountedRoute[] = [];
  for (const route of routes) {
    const path = fullPath(route);
    const key = `${route.method} ${path}`;
    const owner = deps.routeOwners.get(key);
    if (owner) throw new BootError(`Plugin "${plugin}" declares route ${key}, which "${owner}" already serves`);
    deps.routeOwners.set(key, plugin);
    if (route.rawBody && route.schema.body) throw new BootError(`Plugin "${plugin}" route ${key}: a rawBody route validates its body itself; drop schema.body`);
    if (route.delegatedLogin && (route.access.auth !== 'user' || !route.access.project)) {
      throw new BootError(`Plugin "${plugin}" route ${key}: a delegated login is for \`auth: 'user'\` project routes (it opens one project)`);
    }
    if (route.socket && route.method !== 'GET') throw new BootError(`Plugin "${plugin}" route ${key}: a WebSocket route is a GET route`);
    if (route.access.auth === 'apiKey' && (route.access.project || route.access.permission)) {
      throw new BootError(
        `Plugin "${plugin}" route ${key}: an apiKey route cannot declare ${route.access.project ? 'project: true' : 'a permission'} (the API key is not a member with a role); take the project from the request and check it belongs to ctx.tenantId`,
      );
    }
    // A limit may come from the plugin's settings, known once its deps are resolved.
    const bodyLimit = typeof route.bodyLimit === 'function' ? (route.bodyLimit as (deps: object) => number)(services) : route.bodyLimit;
    const contextOf = (request: FastifyRequest, reply: FastifyReply | null) => {
      const ctx = request.cassette;
      return {
        body: request.body,
        query: request.query ?? {},
        params: request.params,
        deps: services,
        caller: ctx.caller,
        projectId: ctx.projectId,
        tenantId: ctx.tenantId,
        em: ctx.em,
        sql: sqlRunner(ctx.em),
        log: request.log as unknown as Logger,
        request,
        reply,
      };
    };
    if (route.cors === 'anyOrigin') mountPreflight(app, path, route.method, deps.routeOwners, plugin);
    const options: RouteOptions = {
      method: route.method,
      url: path,
      bodyLimit,
      schema: {
        summary: route.summary,
        tags: [plugin],
        // Only keys that hold a schema: Fastify warns about keys present but undefined.
        ...definedOnly({ body: route.schema.body, querystring: route.schema.querystring, params: paramsSchema(route) }),
        ...securityOf(route),
        ...(route.schema.response ? { response: { 200: Type.Object({ data: route.schema.response }) } } : {}),
      },
      // Access is checked in onRequest so that an anonymous or foreign caller learns nothing
      // from validation messages about a route it may not use.
      ...(route.cors === 'anyOrigin' ? { onSend: allowAnyOrigin } : {}),
      onRequest: async (request) => {
        const em = deps.db.em();
        (request as RequestWithCassette).cassette = { em, caller: null, projectId: null, tenantId: null };
        if (route.access.auth === 'public') return;
        if (route.access.auth === 'apiKey') {
          // A build pipeline, not a member: the handler gets the key's tenant and no caller.
          request.cassette.tenantId = await authenticateApiKey(request, em, deps.apiKeyLimiter);
          return;
        }
        let resolved = await resolveCaller(request.headers.authorization, deps.tokens, em);
        // The plugin's own credential, for requests that cannot carry the header; checked below like the header's caller.
        const delegated = !request.headers.authorization && route.delegatedLogin ? route.delegatedLogin(request, services as never) : null;
        if (delegated) resolved = await resolveLogin({ tokenId: delegated.loginId, userId: delegated.userId, tenantId: delegated.tenantId }, em);
        if (!resolved) {
          if (isApiKeyShaped(bearerToken(request.headers.authorization))) throw new HttpError(401, API_KEY_ON_USER_ROUTE);
          throw new HttpError(401, LOGIN_GONE);
        }
        const { caller } = resolved;
        if (resolved.changePassword && !PASSWORD_CHANGE_ALLOWED.has(key)) {
          throw new HttpError(403, PASSWORD_CHANGE_FIRST);
        }
        request.cassette.caller = caller;
        request.cassette.tenantId = caller.tenantId;
        if (route.access.project) {
          const raw = (request.params as Record<string, string>).projectId ?? '';
          const projectId = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
          const project = Number.isSafeInteger(projectId) && projectId <= 2_147_483_647
            ? await em.findOne(ProjectEntity, { id: projectId, tenantId: caller.tenantId, deletedAt: null }, { fields: ['id'] })
            : null;
          if (!project) throw new HttpError(404, 'Project not found');
          if (!caller.admin && caller.projectIds && !caller.projectIds.has(projectId)) {
            throw new HttpError(403, "You don't have access to this project. Please check with your admin.");
          }
          if (delegated && delegated.projectId !== projectId) throw new HttpError(403, DELEGATED_OTHER_PROJECT);
          request.cassette.projectId = projectId;
        }
        if (route.access.auth === 'admin' && !caller.admin) {
          throw new HttpError(403, ADMIN_ONLY);
        }
        if (route.access.permission && !caller.admin && !caller.permissions.has(route.access.permission)) {
          throw new HttpError(403, `Not allowed: your role lacks the ${PERMISSION_LABELS[route.access.permission]} permission. Please check with your admin.`);
        }
      },
      preValidation: async (request) => {
        if (request.body && typeof request.body === 'object' && !Buffer.isBuffer(request.body)) request.body = cleanInput(request.body, 'request body');
        if (request.query && typeof request.query === 'object') request.query = cleanInput(request.query, 'query string');
        if (request.params && typeof request.params === 'object') request.params = cleanInput(request.params, 'path');
      },
      preHandler: async (request) => {
        assertFiniteNumbers(request.params, 'path');
        assertFiniteNumbers(request.query, 'query string');
        if (!Buffer.isBuffer(request.body)) assertFiniteNumbers(request.body, 'request body');
      },
      ...(route.socket ? { wsHandler: (socket: WsLike, request: FastifyRequest) => {
        const limit = bodyLimit ?? DEFAULT_SOCKET_MESSAGE_LIMIT;
        (route.socket as (socket: unknown, ctx: unknown) => void)(routeSocket(socket, limit, request.log as unknown as Logger), contextOf(request, null));
      } } : {}),
      handler: async (request, reply) => {
        const result = await route.handler(contextOf(request, reply) as never);

        if (reply.sent) return reply;
        const clean = route.keepNulls ? <T>(value: T) => value : stripEmptyValues;
        if (isApiResult(result)) {
          return reply.status(result.status ?? 200).send(clean({ ...(result.extra ?? {}), data: result.data ?? null }));
        }
        return reply.send({ data: clean(result ?? null) });
      },
    };
    if (route.rawBody) {
      // Encapsulated: only this route takes every content type as raw bytes.
      void app.register(async (scope) => {
        scope.removeAllContentTypeParsers();
        scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit }, (_request, body, done) => done(null, body));
        scope.route(options);
      });
    } else {
      app.route(options);
    }
    mounted.push({ plugin, method: route.method, path, access: route.access, route, bodyLimit });
  }
  return mounted;
}

/** OpenAPI: which credential a route takes. */
function securityOf(route: AnyRouteDef): { security?: Record<string, string[]>[] } {
  if (route.access.auth === 'public') return {};
  return { security: [route.access.auth === 'apiKey' ? { apiKeyAuth: [] } : { bearerAuth: [] }] };
}

export interface RequestContextData {
  em: ReturnType<DatabaseRuntime['em']>;
  caller: Caller | null;
  projectId: number | null;
  tenantId: number | null;
}

type RequestWithCassette = FastifyRequest & { cassette: RequestContextData };

declare module 'fastify' {
  interface FastifyRequest {
    cassette: RequestContextData;
  }
}

/** CORS for routes called from recorded websites: any origin, never credentials. */
async function allowAnyOrigin(_request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  void reply.header('Access-Control-Allow-Origin', '*');
  void reply.header('Access-Control-Expose-Headers', 'Retry-After');
  return payload;
}

function mountPreflight(app: FastifyInstance, path: string, method: string, owners: Map<string, string>, plugin: string): void {
  const key = `OPTIONS ${path}`;
  const methods = new Set([method]);
  const known = owners.get(key);
  if (known) return;
  owners.set(key, plugin);
  app.route({
    method: 'OPTIONS',
    url: path,
    schema: { hide: true },
    handler: async (_request, reply) => {
      void reply
        .status(204)
        .header('Access-Control-Allow-Origin', '*')
        .header('Access-Control-Allow-Methods', [...methods, 'OPTIONS'].join(', '))
        .header('Access-Control-Allow-Headers', 'Content-Type, Authorization')
        .header('Access-Control-Max-Age', '86400');
      return reply.send();
    },
  });
}
