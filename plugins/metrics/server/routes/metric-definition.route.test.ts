import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@cassette/plugin-sdk/server';
import type { TestUser } from '@cassette/plugin-sdk/testing';
import type { MetricTemplatesAnswer } from '../../shared/catalogue.js';
import type { Metric, MetricsPage } from '../../shared/metric.js';
import { createMetricsTestKernel, type MetricsTestKernel } from '../../testing/metrics-test-kernel.js';

const CHROME = { filters: [{ type: 'USERBROWSER', operator: 'is', value: ['Chrome'] }] };
const CART = { events: [{ type: 'LOCATION', operator: 'is', value: ['/cart'], isEvent: true }], filters: [] };

describe('custom metrics: save, list, change, delete; the catalogue', () => {
  let t: MetricsTestKernel;
  let tenantId: number;
  let projectId: number;
  let owner: TestUser;
  let member: TestUser;

  beforeAll(async () => {
    t = await createMetricsTestKernel();
    ({ tenantId, projectId, owner } = await t.createTenant());
    member = await t.createMember(tenantId, { permissions: ['METRICS'] });
  });
  afterAll(async () => t?.close());

  const url = (path = '') => `/api/${projectId}/metrics${path}`;
  const ok = async <T>(res: Promise<{ status: number; body: any }>): Promise<T> => {
    const { status, body } = await res;
    expect(status, JSON.stringify(body)).toBe(200);
    return body.data;
  };
  const refusal = async (res: Promise<{ status: number; body: any }>): Promise<[number, string]> => {
    const { status, body } = await res;
    return [status, (body.errors ?? []).join(' | ')];
  };
  const create = (body: unknown, token = owner.token) => t.request('POST', url(), { token, body });
  const saved = (body: unknown, token = owner.token) => ok<Metric>(create(body, token));
  const put = (metricId: number, body: unknown, token = owner.token) => t.request('PUT', url(`/${metricId}`), { token, body });

  it('saves a metric with the spec defaults: New Metric, a timeseries of sessions as a line chart, one series, public', async () => {
    const metric = await saved({});
    expect(metric).toEqual({
      metricId: expect.any(Number),
      projectId,
      userId: owner.id,
      owner: owner.email,
      name: 'New Metric',
      metricType: 'timeseries',
      metricOf: 'sessionCount',
      metricValue: [],
      metricFormat: 'sessionCount',
      viewType: 'lineChart',
      series: [{ seriesId: expect.any(Number), index: 0, name: 'Filter Series', filter: {} }],
      isPublic: true,
      predefinedKey: null,
      createdAt: expect.any(Number),
      lastModified: metric.createdAt,
      dashboards: [],
    });
    expect(await ok<Metric>(t.request('GET', url(`/${metric.metricId}`), { token: member.token }))).toEqual(metric);
  });

  it('keeps what it is given: names trimmed, up to 3 series with their filters, table options; Issues means all issues', async () => {
    const metric = await saved({ name: '  Checkout visits ', viewType: 'progress', series: [{ name: 'Chrome', filter: CHROME }, { name: ' ', filter: CART }, {}], isPublic: false });
    expect(metric).toMatchObject({ name: 'Checkout visits', viewType: 'progress', isPublic: false });
    expect(metric.series.map((s) => [s.index, s.name, s.filter])).toEqual([
      [0, 'Chrome', CHROME],
      [1, 'Filter Series', CART],
      [2, 'Filter Series', {}],
    ]);
    expect(await saved({ metricType: 'table' })).toMatchObject({ metricType: 'table', metricOf: 'issues', metricValue: ['all'], viewType: 'table' });
    expect(await saved({ metricType: 'table', metricOf: 'countries', viewType: 'pieChart', metricFormat: 'userCount' })).toMatchObject({ metricOf: 'countries', metricValue: [], viewType: 'pieChart', metricFormat: 'userCount' });
  });

  it('refuses what the spec does not allow, with a 400 saying so, and saves nothing', async () => {
    const before = (await t.ctx.sql<{ n: number }>(sql`select count(*)::int as n from metrics_metrics`))[0]!.n;
    expect(await refusal(create({ name: '   ' }))).toEqual([400, 'A metric name cannot be empty.']);
    expect(await refusal(create({ series: [{}, {}, {}, {}] }))).toEqual([400, 'A metric has at most 3 series; this one has 4.']);
    expect(await refusal(create({ series: [] }))).toEqual([400, 'A metric needs at least one series.']);
    expect(await refusal(create({ metricType: 'table', series: [{}, {}] }))).toEqual([400, 'A table metric has exactly one series; this one has 2.']);
    expect((await refusal(create({ metricType: 'funnel' })))[1]).toBe('metricType must be timeseries or table; got "funnel"');
    expect((await refusal(create({ metricType: 'predefined', metricOf: 'avg_cpu' })))[1]).toMatch(/Predefined metrics come from the catalogue/);
    expect((await refusal(create({ metricOf: 'issues' })))[1]).toBe('metricOf of a timeseries metric must be one of: sessionCount, userCount; got "issues"');
    expect((await refusal(create({ metricType: 'table', viewType: 'lineChart' })))[1]).toBe('viewType of a table metric must be one of: table, pieChart; got "lineChart"');
    expect((await refusal(create({ metricFormat: 'pageViews' })))[0]).toBe(400);
    expect((await refusal(create({ name: 'x'.repeat(101) })))[1]).toMatch(/at most 100 characters/);
    const [status, message] = await refusal(create({ series: [{ name: 'Bad', filter: { filters: [{ type: 'NOT_A_KEY', operator: 'is', value: ['x'] }] } }] }));
    expect(status).toBe(400);
    expect(message).toMatch(/^Series 1 \(Bad\): /);
    expect((await t.ctx.sql<{ n: number }>(sql`select count(*)::int as n from metrics_metrics`))[0]!.n).toBe(before);
  });

  it('changes what a PUT gives and keeps the rest; series keep their ids, new ones are added, missing ones removed', async () => {
    const metric = await saved({ name: 'Visits', series: [{ name: 'A' }, { name: 'B', filter: CHROME }] });
    const [a, b] = metric.series;
    const renamed = await ok<Metric>(put(metric.metricId, { name: 'All visits' }));
    expect(renamed).toMatchObject({ name: 'All visits', series: metric.series });
    expect(renamed.lastModified).toBeGreaterThanOrEqual(metric.lastModified);
    const reseries = await ok<Metric>(put(metric.metricId, { series: [{ seriesId: b!.seriesId, name: 'B2', filter: CART }, { name: 'C' }] }));
    expect(reseries.series.map((s) => [s.index, s.name])).toEqual([
      [0, 'B2'],
      [1, 'C'],
    ]);
    expect(reseries.series[0]).toEqual({ seriesId: b!.seriesId, index: 0, name: 'B2', filter: CART });
    expect(reseries.series.map((s) => s.seriesId)).not.toContain(a!.seriesId);
    expect((await refusal(put(metric.metricId, { series: [{ seriesId: a!.seriesId }] })))[1]).toMatch(/is not a series of this metric/);
    // Spec §4: changing the type resets metricOf and viewType to the new type's first options; a table keeps one series.
    const table = await ok<Metric>(put(metric.metricId, { metricType: 'table' }));
    expect(table).toMatchObject({ metricType: 'table', metricOf: 'issues', metricValue: ['all'], viewType: 'table' });
    expect(table.series).toHaveLength(1);
    expect(await refusal(put(metric.metricId, { name: '' }))).toEqual([400, 'A metric name cannot be empty.']);
  });

  it("shows a private metric to its author only; only the author changes or deletes a shared one", async () => {
    const mine = await saved({ name: 'Private', isPublic: false });
    const shared = await saved({ name: 'Shared' });
    expect((await refusal(t.request('GET', url(`/${mine.metricId}`), { token: member.token })))[0]).toBe(404);
    expect((await refusal(put(mine.metricId, { name: 'Taken' }, member.token)))[0]).toBe(404);
    expect(await refusal(put(shared.metricId, { name: 'Taken' }, member.token))).toEqual([403, 'Only the author of a metric may change it.']);
    expect(await refusal(t.request('DELETE', url(`/${shared.metricId}`), { token: member.token }))).toEqual([403, 'Only the author of a metric may delete it.']);
    const theirs = await ok<MetricsPage>(t.request('GET', url('?limit=100'), { token: member.token }));
    expect(theirs.metrics.map((m) => m.name)).toContain('Shared');
    expect(theirs.metrics.map((m) => m.name)).not.toContain('Private');
    expect(await ok(t.request('DELETE', url(`/${shared.metricId}`), { token: owner.token }))).toEqual({ deleted: true });
    expect((await refusal(t.request('GET', url(`/${shared.metricId}`), { token: owner.token })))[0]).toBe(404);
    expect((await refusal(t.request('DELETE', url(`/${shared.metricId}`), { token: owner.token })))[0]).toBe(404);
  });

  it('lists 15 a page, last modified first, and searches names', async () => {
    const { projectId: fresh, owner: boss } = await t.createTenant();
    for (let i = 1; i <= 17; i++) await ok(t.request('POST', `/api/${fresh}/metrics`, { token: boss.token, body: { name: `Metric ${String(i).padStart(2, '0')}` } }));
    const first = await ok<MetricsPage>(t.request('GET', `/api/${fresh}/metrics`, { token: boss.token }));
    expect(first).toMatchObject({ total: 17, page: 1, limit: 15 });
    expect(first.metrics.map((m) => m.name).slice(0, 3)).toEqual(['Metric 17', 'Metric 16', 'Metric 15']);
    const second = await ok<MetricsPage>(t.request('GET', `/api/${fresh}/metrics?page=2`, { token: boss.token }));
    expect(second.metrics.map((m) => m.name)).toEqual(['Metric 02', 'Metric 01']);
    const search = await ok<MetricsPage>(t.request('GET', `/api/${fresh}/metrics?query=${encodeURIComponent('ric 1')}`, { token: boss.token }));
    expect(search.total).toBe(8);
    expect((await ok<MetricsPage>(t.request('GET', `/api/${fresh}/metrics?query=${encodeURIComponent('%')}`, { token: boss.token }))).total).toBe(0);
    expect((await refusal(t.request('GET', `/api/${fresh}/metrics?page=0`, { token: boss.token })))[0]).toBe(400);
  });

  it('answers the catalogue: four categories, 45 widgets, each with a name, description, chart kind and unit', async () => {
    const templates = await ok<MetricTemplatesAnswer>(t.request('GET', url('/templates'), { token: member.token }));
    expect(templates.map((c) => [c.category, c.widgets.length])).toEqual([
      ['overview', 20],
      ['errors', 7],
      ['performance', 13],
      ['resources', 5],
    ]);
    const keys = templates.flatMap((c) => c.widgets.map((w) => w.key));
    expect(new Set(keys).size).toBe(45);
    expect(keys.slice(0, 3)).toEqual(['count_sessions', 'avg_request_load_time', 'avg_page_load_time']);
    for (const c of templates) {
      expect(c.description.length).toBeGreaterThan(10);
      for (const w of c.widgets) expect(w.name && w.description && w.chart && w.unit, w.key).toBeTruthy();
    }
  });

  it('refuses every call without METRICS', async () => {
    const replayOnly = await t.createMember(tenantId, { permissions: ['SESSION_REPLAY'] });
    expect((await refusal(t.request('GET', url(), { token: replayOnly.token })))[0]).toBe(403);
    expect((await refusal(create({}, replayOnly.token)))[0]).toBe(403);
  });
});
