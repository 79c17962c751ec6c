import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '@cassette/plugin-sdk/testing';
import type { MetricSessionsAnswer, TableChart, TimeseriesChart } from '../../shared/chart.js';
import type { Metric } from '../../shared/metric.js';
import { createMetricsTestKernel, type MetricsTestKernel } from '../../testing/metrics-test-kernel.js';
import { HOUR, P0, PERIOD, recordShop, type ShopSessionName } from '../../testing/metrics-project.js';

const CHROME = { filters: [{ type: 'USERBROWSER', operator: 'is', value: ['Chrome'] }] };

describe('metric charts and drill-down over a known shop', () => {
  let t: MetricsTestKernel;
  let projectId: number;
  let owner: TestUser;
  let ids: Record<ShopSessionName, string>;

  beforeAll(async () => {
    t = await createMetricsTestKernel();
    const tenant = await t.createTenant();
    ({ projectId, owner } = tenant);
    ids = await recordShop(t, projectId, tenant.tenantId);
  });
  afterAll(async () => t?.close());

  const post = (path: string, body: unknown, token = owner.token) => t.request('POST', `/api/${projectId}/metrics${path}`, { token, body });
  const ok = async <T>(res: Promise<{ status: number; body: any }>): Promise<T> => {
    const { status, body } = await res;
    expect(status, JSON.stringify(body)).toBe(200);
    return body.data;
  };
  const refusal = async (res: Promise<{ status: number; body: any }>): Promise<[number, string]> => {
    const { status, body } = await res;
    return [status, (body.errors ?? []).join(' | ')];
  };
  const saved = (body: unknown) => ok<Metric>(post('', body));
  const named = (...names: ShopSessionName[]) => names.map((n) => ids[n]);
  const bucket = (i: number) => ({ drillDownStart: P0 + i * HOUR, drillDownEnd: P0 + (i + 1) * HOUR - 1 });

  it('counts sessions and users per bucket for each series, with totals over the period', async () => {
    const metric = await saved({ name: 'Visits', series: [{ name: 'All' }, { name: 'Chrome', filter: CHROME }] });
    const chart = await ok<TimeseriesChart>(post(`/${metric.metricId}/chart`, { ...PERIOD, density: 3 }));
    expect(chart).toMatchObject({ metricType: 'timeseries', metricOf: 'sessionCount', startTimestamp: P0, endTimestamp: P0 + 3 * HOUR - 1, bucketMs: HOUR });
    const points = (values: number[]) => values.map((value, i) => ({ timestamp: P0 + i * HOUR, value }));
    expect(chart.series).toEqual([
      { seriesId: metric.series[0]!.seriesId, index: 0, name: 'All', points: points([2, 2, 1]), total: 5 },
      { seriesId: metric.series[1]!.seriesId, index: 1, name: 'Chrome', points: points([2, 1, 0]), total: 3 },
    ]);
    const users = await saved({ metricOf: 'userCount', series: [{}] });
    const userChart = await ok<TimeseriesChart>(post(`/${users.metricId}/chart`, { ...PERIOD, density: 3 }));
    // ada twice in bucket 0; bob and cy in bucket 1; cy again in 2: three users over the period, not four.
    expect(userChart.series[0]).toMatchObject({ name: 'Filter Series', points: points([1, 2, 1]), total: 3 });
  });

  it('answers the previous period of the same length, bucket for bucket, when comparing', async () => {
    const metric = await saved({ series: [{ name: 'All' }] });
    const chart = await ok<TimeseriesChart>(post(`/${metric.metricId}/chart`, { ...PERIOD, density: 3, compare: true, key: 'main-42' }));
    expect(chart.previousPeriod).toEqual({ startTimestamp: P0 - 3 * HOUR, endTimestamp: P0 - 1 });
    expect(chart.series[0]!.previous).toEqual({ points: [1, 0, 1].map((value, i) => ({ timestamp: P0 - 3 * HOUR + i * HOUR, value })), total: 2 });
    expect(chart.key).toBe('main-42');
    const plain = await ok<TimeseriesChart>(post(`/${metric.metricId}/chart`, { ...PERIOD, density: 3 }));
    expect(plain.series[0]!.previous).toBeUndefined();
    expect(plain.previousPeriod).toBeUndefined();
  });

  it('cuts the period into at most `density` buckets (70 by default), a minute at least', async () => {
    const metric = await saved({});
    const byDefault = await ok<TimeseriesChart>(post(`/${metric.metricId}/chart`, PERIOD));
    expect(byDefault.series[0]!.points).toHaveLength(70);
    expect(byDefault.bucketMs).toBe(Math.ceil((3 * HOUR) / 70));
    expect(byDefault.series[0]!.points.reduce((sum, p) => sum + p.value, 0)).toBe(5);
    const fine = await ok<TimeseriesChart>(post(`/${metric.metricId}/chart`, { ...PERIOD, density: 1000 }));
    expect(fine.bucketMs).toBe(60_000);
    expect(fine.series[0]!.points).toHaveLength(180);
  });

  it('breaks a table metric down by each option, counting sessions or users, with shares of the total', async () => {
    const table = async (metricOf: string, metricFormat = 'sessionCount', metricValue?: string[]) => {
      const metric = await saved({ metricType: 'table', metricOf, metricFormat, ...(metricValue ? { metricValue } : {}) });
      expect(metric.viewType).toBe('table');
      return ok<TableChart>(post(`/${metric.metricId}/chart`, PERIOD));
    };
    const rows = (chart: TableChart) => chart.rows.map((r) => [r.label, r.value, r.share]);
    const browsers = await table('browsers');
    expect(browsers).toMatchObject({ metricType: 'table', metricOf: 'browsers', metricFormat: 'sessionCount', total: 5, others: 0 });
    expect(browsers.rows).toEqual([
      { name: 'Chrome', label: 'Chrome', value: 3, share: 60 },
      { name: 'Firefox', label: 'Firefox', value: 1, share: 20 },
      { name: 'Safari', label: 'Safari', value: 1, share: 20 },
    ]);
    expect(rows(await table('browsers', 'userCount'))).toEqual([
      ['Chrome', 2, 66.7],
      ['Firefox', 1, 33.3],
      ['Safari', 1, 33.3],
    ]);
    expect(rows(await table('devices'))).toEqual([
      ['desktop', 3, 60],
      ['mobile', 1, 20],
      ['tablet', 1, 20],
    ]);
    expect(rows(await table('countries'))).toEqual([
      ['DE', 2, 40],
      ['FR', 2, 40],
      ['US', 1, 20],
    ]);
    expect(rows(await table('urls'))).toEqual([
      ['/home', 4, 80],
      ['/cart', 2, 40],
    ]);
    const issues = await table('issues');
    // Both sessions with an error end on it: a crash too.
    expect(issues.rows).toEqual([
      { name: 'crash', label: 'Crashes', value: 2, share: 40 },
      { name: 'js_exception', label: 'Errors', value: 2, share: 40 },
    ]);
    expect(rows(await table('issues', 'userCount', ['js_exception']))).toEqual([['Errors', 2, 66.7]]);
    expect((await table('issues', 'sessionCount', ['click_rage'])).rows).toEqual([]);
    const compared = await ok<TableChart>(post('/try', { metricType: 'table', metricOf: 'browsers', ...PERIOD, compare: true }));
    expect(compared.previous).toEqual({ total: 2 });
  });

  it('lists the sessions behind a point, per series or one, newest first, a page at a time', async () => {
    const metric = await saved({ series: [{ name: 'All' }, { name: 'Chrome', filter: CHROME }] });
    const answer = await ok<MetricSessionsAnswer>(post(`/${metric.metricId}/sessions`, { ...PERIOD, ...bucket(1) }));
    expect(answer.metricType).toBe('timeseries');
    expect(answer.series.map((s) => [s.name, s.total, s.sessions.map((x) => x.sessionId)])).toEqual([
      ['All', 2, named('cy1', 'bob')],
      ['Chrome', 1, named('cy1')],
    ]);
    expect(answer.series[0]!.sessions[0]).toMatchObject({ sessionId: ids.cy1, userId: 'cy@shop.test', userBrowser: 'Chrome', userCountry: 'DE' });
    const chrome = await ok<MetricSessionsAnswer>(post(`/${metric.metricId}/sessions`, { ...PERIOD, seriesId: metric.series[1]!.seriesId, page: 2, limit: 2 }));
    expect(chrome.series).toHaveLength(1);
    expect(chrome.series[0]).toMatchObject({ seriesId: metric.series[1]!.seriesId, total: 3 });
    expect(chrome.series[0]!.sessions.map((s) => s.sessionId)).toEqual(named('ada1'));
    const firstPage = await ok<MetricSessionsAnswer>(post(`/${metric.metricId}/sessions`, { ...PERIOD, seriesId: metric.series[0]!.seriesId }));
    expect(firstPage.series[0]!.sessions.map((s) => s.sessionId)).toEqual(named('cy2', 'cy1', 'bob', 'ada2', 'ada1'));
  });

  it("lists the sessions behind a table row, over the period", async () => {
    const browsers = await saved({ metricType: 'table', metricOf: 'browsers' });
    const chrome = await ok<MetricSessionsAnswer>(post(`/${browsers.metricId}/sessions`, { ...PERIOD, value: 'Chrome' }));
    expect(chrome.series[0]!.sessions.map((s) => s.sessionId)).toEqual(named('cy1', 'ada2', 'ada1'));
    const urls = await saved({ metricType: 'table', metricOf: 'urls' });
    expect((await ok<MetricSessionsAnswer>(post(`/${urls.metricId}/sessions`, { ...PERIOD, value: '/cart' }))).series[0]!.sessions.map((s) => s.sessionId)).toEqual(named('cy1', 'ada1'));
    const issues = await ok<MetricSessionsAnswer>(post('/try/sessions', { metricType: 'table', metricOf: 'issues', ...PERIOD, value: 'js_exception' }));
    expect(issues.series[0]).toMatchObject({ seriesId: null, index: 0, name: 'Filter Series', total: 2 });
    expect(issues.series[0]!.sessions.map((s) => s.sessionId)).toEqual(named('cy2', 'bob'));
  });

  it('charts and drills down a metric not saved (the editor preview)', async () => {
    const chart = await ok<TimeseriesChart>(post('/try', { series: [{ name: 'Chrome', filter: CHROME }], ...PERIOD, density: 3 }));
    expect(chart.series).toEqual([{ seriesId: null, index: 0, name: 'Chrome', points: [2, 1, 0].map((value, i) => ({ timestamp: P0 + i * HOUR, value })), total: 3 }]);
    const sessions = await ok<MetricSessionsAnswer>(post('/try/sessions', { series: [{}, { filter: CHROME }], seriesIndex: 1, ...PERIOD, ...bucket(0) }));
    expect(sessions.series.map((s) => [s.index, s.sessions.map((x) => x.sessionId)])).toEqual([[1, named('ada2', 'ada1')]]);
  });

  it('refuses bad questions with a 400 saying what is wrong', async () => {
    const metric = await saved({});
    const table = await saved({ metricType: 'table', metricOf: 'countries' });
    expect(await refusal(post(`/${metric.metricId}/chart`, { startTimestamp: P0 }))).toEqual([400, 'Give both startTimestamp and endTimestamp (epoch ms), or neither for the past 7 days.']);
    expect((await refusal(post(`/${metric.metricId}/chart`, { startTimestamp: P0 + 1, endTimestamp: P0 })))[1]).toMatch(/is after endTimestamp/);
    expect((await refusal(post(`/${metric.metricId}/chart`, { ...PERIOD, density: 0 })))[0]).toBe(400);
    expect((await refusal(post(`/${metric.metricId}/chart`, { ...PERIOD, density: 1001 })))[0]).toBe(400);
    expect(await refusal(post(`/${metric.metricId}/sessions`, { ...PERIOD, drillDownStart: P0 }))).toEqual([400, 'Give both drillDownStart and drillDownEnd (epoch ms), or neither for the whole period.']);
    expect((await refusal(post(`/${metric.metricId}/sessions`, { ...PERIOD, value: 'Chrome' })))[1]).toMatch(/value picks a row of a table metric/);
    expect((await refusal(post(`/${metric.metricId}/sessions`, { ...PERIOD, seriesId: 2_000_000 })))[1]).toMatch(/is not a series of this metric/);
    expect((await refusal(post(`/${table.metricId}/sessions`, { ...PERIOD, limit: 51 })))[0]).toBe(400);
    expect((await refusal(post('/try', { metricOf: 'browsers', ...PERIOD })))[1]).toMatch(/metricOf of a timeseries metric must be one of: sessionCount, userCount/);
    expect((await refusal(post('/try', { series: [{ filter: { filters: [{ type: 'NOT_A_KEY', operator: 'is', value: ['x'] }] } }], ...PERIOD })))[0]).toBe(400);
    expect((await refusal(post('/2000000/chart', PERIOD)))[0]).toBe(404);
  });
});
