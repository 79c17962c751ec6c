import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreEvents, coreServices, sql, trusted } from '@cassette/plugin-sdk/server';
import { eventually } from '@cassette/plugin-ingest/testing';
import { createMetricsTestKernel, type MetricsTestKernel } from './testing/metrics-test-kernel.js';

describe('metrics plugin boot', () => {
  let t: MetricsTestKernel;
  beforeAll(async () => {
    t = await createMetricsTestKernel();
  });
  afterAll(async () => t?.close());

  const count = async (table: 'metrics_metrics' | 'metrics_dashboards', projectId: number) =>
    (await t.ctx.sql<{ n: number }>(sql`select count(*)::int as n from ${trusted(table)} where project_id = ${projectId}`))[0]!.n;

  it('creates its tables', async () => {
    const run = t.kernel.resolve(coreServices.database).sql;
    const tables = await run<{ table_name: string }>(sql`select table_name from information_schema.tables where table_name like 'metrics\\_%' order by table_name`);
    expect(tables.map((r) => r.table_name)).toEqual(['metrics_dashboards', 'metrics_metrics', 'metrics_series', 'metrics_widgets']);
  });

  it('mounts its routes under the project, behind a login', async () => {
    const { projectId } = await t.createTenant();
    for (const [method, url] of [
      ['GET', '/metrics'],
      ['GET', '/metrics/templates'],
      ['POST', '/metrics'],
      ['GET', '/metrics/1'],
      ['PUT', '/metrics/1'],
      ['DELETE', '/metrics/1'],
      ['POST', '/metrics/1/chart'],
      ['POST', '/metrics/try'],
      ['POST', '/metrics/1/sessions'],
      ['POST', '/metrics/try/sessions'],
      ['GET', '/dashboards'],
      ['POST', '/dashboards'],
      ['GET', '/dashboards/1'],
      ['PUT', '/dashboards/1'],
      ['DELETE', '/dashboards/1'],
      ['GET', '/dashboards/1/pin'],
      ['GET', '/dashboards/1/widgets'],
      ['POST', '/dashboards/1/widgets'],
      ['PUT', '/dashboards/1/widgets/1'],
      ['DELETE', '/dashboards/1/widgets/1'],
      ['POST', '/dashboards/1/metrics'],
      ['PUT', '/dashboards/1/metrics/1'],
      ['POST', '/dashboards/1/metrics/1'],
    ] as const) {
      expect((await t.request(method, `/api/${projectId}${url}`)).status, `${method} ${url}`).toBe(401);
    }
  });

  it("deletes a deleted project's metrics and dashboards (their series and widgets with them), and nobody else's", async () => {
    const deleted = await t.createTenant();
    const kept = await t.createTenant();
    for (const { projectId, owner } of [deleted, kept]) {
      const metric = (await t.request('POST', `/api/${projectId}/metrics`, { token: owner.token, body: { name: 'Visits' } })).body.data;
      const dashboard = (await t.request('POST', `/api/${projectId}/dashboards`, { token: owner.token, body: { name: 'Board', metrics: [metric.metricId] } })).body.data;
      expect((await t.request('POST', `/api/${projectId}/dashboards/${dashboard.dashboardId}/widgets`, { token: owner.token, body: { predefinedKey: 'avg_fps' } })).status).toBe(200);
    }
    await t.kernel.resolve(coreServices.events).publish(coreEvents.projectDeleted, { tenantId: deleted.tenantId, projectId: deleted.projectId });
    await eventually('the deletion', async () => ((await count('metrics_metrics', deleted.projectId)) === 0 ? true : undefined));
    expect(await count('metrics_dashboards', deleted.projectId)).toBe(0);
    const orphans = await t.ctx.sql<{ n: number }>(sql`select (select count(*) from metrics_series s where not exists (select 1 from metrics_metrics m where m.metric_id = s.metric_id))::int
      + (select count(*) from metrics_widgets w where not exists (select 1 from metrics_dashboards d where d.dashboard_id = w.dashboard_id))::int as n`);
    expect(orphans[0]!.n).toBe(0);
    expect(await count('metrics_metrics', kept.projectId)).toBe(2);
    expect(await count('metrics_dashboards', kept.projectId)).toBe(1);
  });
});
