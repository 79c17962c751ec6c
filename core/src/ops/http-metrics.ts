import type { FastifyInstance } from 'fastify';
import type { MetricsService } from '@cassette/plugin-sdk/server';

/** Requests no route matched share one label value: raw URLs would grow the series without end. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * Counts every answer and its time by method, route pattern (`/api/:projectId/errors/search`,
 * never the URL with its ids) and status. Added before any route, so every route gets it.
 */
export function instrumentHttp(app: FastifyInstance, metrics: MetricsService): void {
  const labelNames = ['method', 'route', 'status'];
  const requests = metrics.counter({ name: 'cassette_http_requests_total', help: 'HTTP requests answered, by method, route pattern and status', labelNames });
  const duration = metrics.histogram({
    name: 'cassette_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  });
  app.addHook('onResponse', async (request, reply) => {
    const labels = { method: request.method, route: request.routeOptions.url ?? UNMATCHED_ROUTE, status: reply.statusCode };
    requests.inc(labels);
    duration.observe(reply.elapsedTime / 1000, labels);
  });
}
