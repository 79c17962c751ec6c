import { afterAll, describe, expect, it } from 'vitest';
import { eventually } from '@cassette/plugin-ingest/testing';
import { coreServices } from '@cassette/plugin-sdk/server';
import type { Alert, AlertDelivery, AlertEvaluation } from '../../shared/alert.js';
import { createAlertsTestKernel, type AlertsTestKernel } from '../../testing/alerts-test-kernel.js';
import { evaluateAlertsJob } from './evaluate-alerts.job.js';

// Several API processes share one PostgreSQL database and one Redis: only there can two of them
// race for the same alert (the embedded default is one process). CI runs this file on both.
const onServers = Boolean(process.env.CASSETTE_TEST_DATABASE_URL && process.env.CASSETTE_TEST_REDIS_URL);

describe.runIf(onServers)('alert evaluation in two processes on PostgreSQL and Redis', () => {
  const kernels: AlertsTestKernel[] = [];
  // The second one first: the first drops the database it created.
  afterAll(async () => {
    for (const t of kernels.reverse()) await t.close();
  });

  it('evaluates each period once and delivers each notice once, whichever process runs the job', async () => {
    const first = await createAlertsTestKernel();
    kernels.push(first);
    const { databaseUrl, redisUrl, redisPrefix } = first.kernel.config;
    const second = await createAlertsTestKernel([], { env: { DATABASE_URL: databaseUrl!, REDIS_URL: redisUrl!, REDIS_PREFIX: redisPrefix } });
    kernels.push(second);

    const { projectId, owner } = await first.createTenant();
    // Nothing recorded: 0 JS errors, under 5, holds.
    const saved = await first.request('PUT', `/api/${projectId}/alerts`, {
      token: owner.token,
      body: { name: 'Quiet', query: { left: 'errors.javascript.count', operator: '<', right: 5 }, options: { currentPeriod: 15, previousPeriod: 15 } },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const alert = saved.body.data as Alert;

    // Both processes evaluate at the same moment, directly and through the shared job queue,
    // whose workers in either process take the jobs.
    const now = Date.now();
    const queues = [first, second].map((t) => t.kernel.resolve(coreServices.jobs));
    const runs = await Promise.all([
      first.evaluate(now),
      second.evaluate(now),
      first.evaluate(now + 1_000),
      second.evaluate(now + 1_000),
      ...queues.flatMap((jobs) => [jobs.enqueue(evaluateAlertsJob, {}), jobs.enqueue(evaluateAlertsJob, {})]),
    ]);
    const direct = runs.slice(0, 4).flat() as { alertId: number }[];
    expect(direct.filter((o) => o.alertId === alert.alertId).length).toBeLessThanOrEqual(1);

    // Read through the first: each test kernel signs its own tokens.
    const read = async <T>(t: AlertsTestKernel, path: string): Promise<T> => (await t.request('GET', `/api/${projectId}/alerts/${alert.alertId}${path}`, { token: owner.token })).body.data as T;
    const sent = await eventually('the in-app notice delivered', async () => {
      const log = await read<AlertDelivery[]>(first, '/deliveries');
      return log.some((d) => d.status === 'sent') ? log : undefined;
    });
    const history = await read<AlertEvaluation[]>(first, '/history');
    expect(history.map((e) => [e.periodEnd, e.fired, e.notice])).toEqual([[alert.createdAt, true, 'fired']]);
    expect(sent.map((d) => [d.channel, d.notice])).toEqual([['inApp', 'fired']]);
    const bell = (await first.request('GET', '/api/notifications', { token: owner.token })).body.data as { options: { sourceId?: string } }[];
    expect(bell.filter((n) => n.options.sourceId === String(alert.alertId))).toHaveLength(1);
  });
});
