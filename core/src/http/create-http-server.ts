import { existsSync } from 'node:fs';
import Fastify, { LogController, type FastifyInstance, type FastifyReply } from 'fastify';
import type { Logger, MetricsService } from '@cassette/plugin-sdk/server';
import { instrumentHttp } from '../ops/http-metrics.js';
import { errorHandler } from './error-handler.js';
import { fastifyLogger } from './fastify-logger.js';
import { compileValidator } from './validator.js';

export interface HttpServerOptions {
  log: Logger;
  /** One line per request is noise for a self-hoster; on with LOG_LEVEL=debug. */
  logRequests?: boolean;
  trustProxy?: boolean | number | string;
  uiDir?: string;
  version: string;
  /** Every answer is counted and timed here (`GET /metrics`). */
  metrics?: MetricsService;
}

/**
 * The CSP for the app: no inline script, nothing from other origins. The player's sandboxed
 * iframe (same origin, so this policy governs it) relies on it never allowing recorded scripts,
 * and on it stopping every request to another host that the player's URL rewriting missed:
 * replayed pages load their images, media, fonts and sheets through the asset proxy on our
 * own origin, or from `data:` / `blob:` URLs. Inline styles stay allowed: replays need them.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export async function createHttpServer(options: HttpServerOptions): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: fastifyLogger(options.log),
    logController: new LogController({ disableRequestLogging: !options.logRequests }),
    // A hop count is valid at runtime (Fastify documents it) but missing from one overload's type.
    trustProxy: (options.trustProxy ?? false) as boolean,
    routerOptions: { maxParamLength: 200 },
    // Errors Fastify raises before routing (bad %-escapes, ...) keep the `{ errors }` shape.
    frameworkErrors: (error, _request, reply) => {
      const status = typeof error.statusCode === 'number' && error.statusCode < 500 ? error.statusCode : 400;
      void (reply as unknown as FastifyReply).status(status).send({ errors: [error.message || 'Bad request'] });
    },
    bodyLimit: 1024 * 1024,
  });
  // First, so the hook covers every route registered after it.
  if (options.metrics) instrumentHttp(app as unknown as FastifyInstance, options.metrics);
  app.setErrorHandler(errorHandler);
  app.setValidatorCompiler(compileValidator as never);

  const { default: swagger } = await import('@fastify/swagger');
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Cassette API', version: options.version, description: 'Answers are `{ data }` or `{ errors: [...] }`.' },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          apiKeyAuth: { type: 'http', scheme: 'bearer', description: 'The organization API key (cak_…, Preferences › Account), for build pipelines.' },
        },
      },
    },
  });

  // WebSocket routes (a route's `socket`): upgrades go through the routes' access checks first.
  const { default: websocket } = await import('@fastify/websocket');
  await app.register(websocket, {
    options: { maxPayload: 1024 * 1024 },
    errorHandler: (error, socket, request) => {
      request.log.warn({ err: error }, 'websocket failed');
      socket.terminate();
    },
  });

  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'same-origin');
    // A route serving foreign content (the asset proxy) sets a stricter policy of its own.
    if (!reply.hasHeader('Content-Security-Policy')) reply.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    return payload;
  });

  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  app.get('/healthz', { schema: { hide: true } }, async () => ({ data: { ok: true } }));

  const uiDir = options.uiDir && existsSync(options.uiDir) ? options.uiDir : undefined;
  if (uiDir) {
    const { default: fastifyStatic } = await import('@fastify/static');
    await app.register(fastifyStatic, { root: uiDir, prefix: '/', wildcard: false, index: false, cacheControl: false });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url;
    const path = url.split('?')[0] ?? url;
    // A missing file (anything with an extension) is a 404; other paths are client routes.
    if (url.startsWith('/api/') || url === '/api' || request.method !== 'GET' || !uiDir || /\.[a-zA-Z0-9]{1,8}$/.test(path)) {
      return reply.status(404).send({ errors: [`No route ${request.method} ${url.split('?')[0]}`] });
    }
    // Client-side routes: serve the app shell, which routes in the browser.
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile('index.html');
  });
  return app as unknown as FastifyInstance;
}
