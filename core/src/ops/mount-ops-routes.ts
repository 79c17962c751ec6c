import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { HttpError, type Logger } from '@cassette/plugin-sdk/server';
import type { TokenService } from '../auth/tokens.js';
import type { DatabaseRuntime } from '../database/create-database.js';
import { ADMIN_ONLY, LOGIN_GONE, PASSWORD_CHANGE_FIRST } from '../http/access-messages.js';
import { resolveCaller } from '../http/caller-resolver.js';
import type { PrometheusMetrics } from './prometheus-metrics.js';
import { checkReadiness, type ReadinessProbe } from './readiness.js';

export interface OpsDeps {
  probes: readonly ReadinessProbe[];
  metrics: PrometheusMetrics;
  tokens: TokenService;
  db: DatabaseRuntime;
  log: Logger;
}

async function sendMetrics(reply: FastifyReply, metrics: PrometheusMetrics): Promise<FastifyReply> {
  const text = await metrics.scrape();
  return reply.header('Content-Type', metrics.contentType).header('Cache-Control', 'no-store').send(text);
}

/**
 * `/readyz` for load balancers and orchestrators (public: it names what is down, never why)
 * and `/metrics` for Prometheus, off the public API: an admin's token here, or no token on
 * the separate metrics port.
 */
export function mountOpsRoutes(app: FastifyInstance, deps: OpsDeps): void {
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const { ready, checks, down } = await checkReadiness(deps.probes, deps.log);
    void reply.header('Cache-Control', 'no-store');
    if (ready) return reply.send({ data: { ready, checks } });
    return reply.status(503).send({ errors: [`Not ready: ${down.join(', ')} ${down.length === 1 ? 'is' : 'are'} down.`], data: { ready, checks } });
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const resolved = await resolveCaller(request.headers.authorization, deps.tokens, deps.db.em());
    if (!resolved) throw new HttpError(401, LOGIN_GONE);
    if (resolved.changePassword) throw new HttpError(403, PASSWORD_CHANGE_FIRST);
    if (!resolved.caller.admin) throw new HttpError(403, ADMIN_ONLY);
    return sendMetrics(reply, deps.metrics);
  });
}

/** The metrics port (METRICS_PORT): `/metrics` without a token, nothing else. Keep it off the internet. */
export function createMetricsServer(metrics: PrometheusMetrics): FastifyInstance {
  const server = Fastify({ logger: false });
  server.get('/metrics', async (_request, reply) => sendMetrics(reply, metrics));
  server.setNotFoundHandler(async (request, reply) => reply.status(404).send({ errors: [`No route ${request.method} ${request.url.split('?')[0]} on the metrics port: scrape /metrics`] }));
  return server as unknown as FastifyInstance;
}
