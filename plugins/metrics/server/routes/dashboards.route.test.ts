import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '@cassette/plugin-sdk/testing';
import type { Dashboard, Widget } from '../../shared/dashboard.js';
import type { Metric } from '../../shared/metric.js';
import { createMetricsTestKernel, type MetricsTestKernel } from '../../testing/metrics-test-kernel.js';

describe('dashboards: save, pin, widgets and their positions', () => {
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

  const url = (path = '') => `/api/${projectId}/dashboards${path}`;
  const ok = async <T>(res: Promise<{ status: number; body: any }>): Promise<T> => {
    const { status, body } = await res;
    expect(status, JSON.stringify(body)).toBe(200);
    return body.data;
  };
  const refusal = async (res: Promise<{ status: number; body: any }>): Promise<[number, string]> => {
    const { status, body } = await res;
    return [status, (body.errors ?? []).join(' | ')];
  };
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, token = owner.token) => t.request(method, url(path), { token, ...(body === undefined ? {} : { body }) });
  const dashboard = (body: unknown = {}, token = owner.token) => ok<Dashboard>(call('POST', '', body, token));
  const metric = (body: unknown, token = owner.token) => ok<Metric>(t.request('POST', `/api/${projectId}/metrics`, { token, body }));
  const order = (d: Dashboard) => d.widgets.map((w) => [w.name, w.position]);

  it("saves a dashboard with the spec defaults ('New Dashboard', public) and the metrics it is given as widgets", async () => {
    const visits = await metric({ name: 'Visits' });
    const browsers = await metric({ name: 'Browsers', metricType: 'table', metricOf: 'browsers' });
    const empty = await dashboard();
    expect(empty).toMatchObject({ name: 'New Dashboard', isPublic: true, isPinned: false, widgets: [], metrics: [], userId: owner.id, owner: owner.email, description: '' });
    const d = await dashboard({ name: ' Shop ', isPublic: false, metrics: [visits.metricId, browsers.metricId, visits.metricId] });
    expect(d).toMatchObject({ name: 'Shop', isPublic: false, metrics: [visits.metricId, browsers.metricId] });
    expect(d.widgets.map((w) => [w.name, w.position, w.colSpan, w.config])).toEqual([
      ['Visits', 0, 2, { position: 0, col: 2, row: 2 }],
      ['Browsers', 1, 2, { position: 1, col: 2, row: 2 }],
    ]);
    expect(d.widgets[0]).toMatchObject({ metricId: visits.metricId, dashboardId: d.dashboardId, widgetId: expect.any(Number), series: visits.series, metricType: 'timeseries' });
    expect(await ok<Widget[]>(call('GET', `/${d.dashboardId}/widgets`))).toEqual(d.widgets);
    // A metric on a dashboard names it.
    expect((await ok<Metric>(t.request('GET', `/api/${projectId}/metrics/${visits.metricId}`, { token: owner.token }))).dashboards).toEqual([{ dashboardId: d.dashboardId, name: 'Shop' }]);
  });

  it('refuses empty names and metrics the caller cannot see', async () => {
    expect(await refusal(call('POST', '', { name: '  ' }))).toEqual([400, 'A dashboard name cannot be empty.']);
    const d = await dashboard({ name: 'Named' });
    expect(await refusal(call('PUT', `/${d.dashboardId}`, { name: '' }))).toEqual([400, 'A dashboard name cannot be empty.']);
    const secret = await metric({ name: 'Secret', isPublic: false }, member.token);
    expect(await refusal(call('POST', '', { metrics: [secret.metricId] }))).toEqual([400, `Metric ${secret.metricId} not found in this project.`]);
    expect(await refusal(call('POST', `/${d.dashboardId}/widgets`, { metricId: 2_000_000 }))).toEqual([400, 'Metric 2000000 not found in this project.']);
    expect((await refusal(call('POST', `/${d.dashboardId}/widgets`, {})))[1]).toBe('Give either metricId (a saved metric) or predefinedKey (a catalogue widget).');
    expect((await refusal(call('POST', `/${d.dashboardId}/widgets`, { predefinedKey: 'avg_nothing' })))[1]).toMatch(/Unknown widget "avg_nothing"/);
    expect((await refusal(call('PUT', `/${d.dashboardId}/widgets/1`, { config: { col: 5 } })))[0]).toBe(400);
  });

  it('shows a private dashboard to its author only; the team arranges a public one, only its author renames or deletes it', async () => {
    const privateOne = await dashboard({ name: 'Mine', isPublic: false });
    const shared = await dashboard({ name: 'Team' });
    const listed = (await ok<Dashboard[]>(call('GET', '', undefined, member.token))).map((d) => d.name);
    expect(listed).toContain('Team');
    expect(listed).not.toContain('Mine');
    expect((await refusal(call('GET', `/${privateOne.dashboardId}`, undefined, member.token)))[0]).toBe(404);
    expect(await refusal(call('PUT', `/${shared.dashboardId}`, { name: 'Taken' }, member.token))).toEqual([403, 'Only the author of a dashboard may change it.']);
    expect(await refusal(call('DELETE', `/${shared.dashboardId}`, undefined, member.token))).toEqual([403, 'Only the author of a dashboard may delete it.']);
    const theirs = await metric({ name: 'Theirs' }, member.token);
    expect((await ok<Dashboard>(call('PUT', `/${shared.dashboardId}`, { metrics: [theirs.metricId] }, member.token))).metrics).toEqual([theirs.metricId]);
    // Made private by its author later, the metric leaves the others' view of the dashboard.
    await ok(t.request('PUT', `/api/${projectId}/metrics/${theirs.metricId}`, { token: member.token, body: { isPublic: false } }));
    expect((await ok<Dashboard>(call('GET', `/${shared.dashboardId}`))).widgets).toEqual([]);
    expect((await ok<Dashboard>(call('GET', `/${shared.dashboardId}`, undefined, member.token))).metrics).toEqual([theirs.metricId]);
    expect(await ok(call('DELETE', `/${shared.dashboardId}`))).toEqual({ deleted: true });
    expect((await refusal(call('GET', `/${shared.dashboardId}`)))[0]).toBe(404);
    // The metric stays.
    expect((await ok<Metric>(t.request('GET', `/api/${projectId}/metrics/${theirs.metricId}`, { token: member.token }))).dashboards).toEqual([]);
  });

  it('pins one dashboard per project: pinning another clears the rest', async () => {
    const { projectId: fresh, owner: boss } = await t.createTenant();
    const req = (method: 'GET' | 'POST', path: string, body?: unknown) => ok<Dashboard>(t.request(method, `/api/${fresh}/dashboards${path}`, { token: boss.token, ...(body ? { body } : {}) }));
    const a = await req('POST', '', { name: 'A', isPinned: true });
    const b = await req('POST', '', { name: 'B' });
    expect(a.isPinned).toBe(true);
    expect((await req('GET', `/${b.dashboardId}/pin`)).isPinned).toBe(true);
    const all = await ok<Dashboard[]>(t.request('GET', `/api/${fresh}/dashboards`, { token: boss.token }));
    expect(all.map((d) => [d.name, d.isPinned])).toEqual([
      ['A', false],
      ['B', true],
    ]);
    expect((await req('GET', `/${b.dashboardId}/pin`)).isPinned).toBe(true);
    await ok(t.request('PUT', `/api/${fresh}/dashboards/${a.dashboardId}`, { token: boss.token, body: { isPinned: true } }));
    expect((await ok<Dashboard[]>(t.request('GET', `/api/${fresh}/dashboards`, { token: boss.token }))).map((d) => d.isPinned)).toEqual([true, false]);
  });

  it('keeps positions 0..n-1: adds at the end or at a position, moves (a swap is two moves, in either order), removes from view', async () => {
    const metrics = [];
    for (const name of ['A', 'B', 'C', 'D']) metrics.push(await metric({ name }));
    let d = await dashboard({ name: 'Arranged', metrics: metrics.slice(0, 3).map((m) => m.metricId) });
    const id = (name: string) => d.widgets.find((w) => w.name === name)!.widgetId;
    const get = async () => (d = await ok<Dashboard>(call('GET', `/${d.dashboardId}`)));
    const move = (name: string, position: number) => ok<Widget>(call('PUT', `/${d.dashboardId}/widgets/${id(name)}`, { config: { position } }));
    // Swap A and C: A to 2, then C to 0.
    await move('A', 2);
    expect(order(await get())).toEqual([['B', 0], ['C', 1], ['A', 2]]);
    await move('C', 0);
    expect(order(await get())).toEqual([['C', 0], ['B', 1], ['A', 2]]);
    // Swap B and A the other way round: A to 1 first, then B to 2.
    await move('A', 1);
    await move('B', 2);
    expect(order(await get())).toEqual([['C', 0], ['A', 1], ['B', 2]]);
    const added = await ok<Widget>(call('POST', `/${d.dashboardId}/widgets`, { metricId: metrics[3]!.metricId, config: { position: 1, col: 4 } }));
    expect(added).toMatchObject({ name: 'D', position: 1, colSpan: 4, config: { position: 1, col: 4, row: 2 } });
    expect(order(await get())).toEqual([['C', 0], ['D', 1], ['A', 2], ['B', 3]]);
    expect(await ok<Widget>(call('PUT', `/${d.dashboardId}/widgets/${id('B')}`, { config: { position: 99, col: 1, row: 3 } }))).toMatchObject({ position: 3, colSpan: 1, config: { position: 3, col: 1, row: 3 } });
    expect(await ok(call('DELETE', `/${d.dashboardId}/widgets/${id('D')}`))).toEqual({ deleted: true });
    expect(order(await get())).toEqual([['C', 0], ['A', 1], ['B', 2]]);
    expect((await refusal(call('DELETE', `/${d.dashboardId}/widgets/${added.widgetId}`)))[0]).toBe(404);
    // Deleting a metric takes its widget away; the rest keep their order.
    await ok(t.request('DELETE', `/api/${projectId}/metrics/${metrics[2]!.metricId}`, { token: owner.token }));
    expect((await get()).widgets.map((w) => w.name)).toEqual(['A', 'B']);
    const other = await dashboard({ name: 'Other' });
    expect((await refusal(call('PUT', `/${other.dashboardId}/widgets/${id('A')}`, { config: { position: 0 } })))[0]).toBe(404);
  });

  it('places catalogue widgets as predefined metrics, one per project and key, which cannot be edited', async () => {
    const d = await dashboard({ name: 'Overview' });
    const cpu = await ok<Widget>(call('POST', `/${d.dashboardId}/widgets`, { predefinedKey: 'avg_cpu' }));
    expect(cpu).toMatchObject({ metricType: 'predefined', metricOf: 'avg_cpu', predefinedKey: 'avg_cpu', name: 'CPU Load', viewType: 'overview', userId: null, owner: '', isPublic: true, series: [] });
    const again = await ok<Widget>(call('POST', `/${d.dashboardId}/widgets`, { predefinedKey: 'avg_cpu' }, member.token));
    expect(again.metricId).toBe(cpu.metricId);
    expect(again.widgetId).not.toBe(cpu.widgetId);
    expect(await refusal(t.request('PUT', `/api/${projectId}/metrics/${cpu.metricId}`, { token: owner.token, body: { name: 'Mine' } }))).toEqual([400, 'Cannot edit system generated metrics']);
    expect(await refusal(call('PUT', `/${d.dashboardId}/metrics/${cpu.widgetId}`, { name: 'Mine' }))).toEqual([400, 'Cannot edit system generated metrics']);
    expect(await refusal(t.request('DELETE', `/api/${projectId}/metrics/${cpu.metricId}`, { token: owner.token }))).toEqual([400, 'Cannot edit system generated metrics']);
    expect((await refusal(t.request('POST', `/api/${projectId}/metrics/${cpu.metricId}/chart`, { token: owner.token, body: {} })))[1]).toMatch(/CPU Load is a predefined widget: it is charted by POST \/dashboard\/avg_cpu/);
    // Predefined metrics are not custom ones: the metrics list leaves them out.
    const listed = await ok<{ metrics: Metric[] }>(t.request('GET', `/api/${projectId}/metrics?limit=100`, { token: owner.token }));
    expect(listed.metrics.map((m) => m.metricType)).not.toContain('predefined');
  });

  it('creates a metric as a widget, and changes it through the dashboard', async () => {
    const d = await dashboard({ name: 'Editing' });
    const widget = await ok<Widget>(call('POST', `/${d.dashboardId}/metrics`, { name: 'Countries', metricType: 'table', metricOf: 'countries', config: { col: 3 } }));
    expect(widget).toMatchObject({ name: 'Countries', metricOf: 'countries', position: 0, colSpan: 3, dashboards: [{ dashboardId: d.dashboardId, name: 'Editing' }] });
    const changed = await ok<Widget>(call('PUT', `/${d.dashboardId}/metrics/${widget.widgetId}`, { name: 'Where from', viewType: 'pieChart' }));
    expect(changed).toMatchObject({ widgetId: widget.widgetId, metricId: widget.metricId, name: 'Where from', viewType: 'pieChart', metricOf: 'countries', colSpan: 3 });
    expect(await ok<Widget>(call('POST', `/${d.dashboardId}/metrics/${widget.widgetId}`, { name: 'Countries again' }))).toMatchObject({ name: 'Countries again' });
    expect(await refusal(call('PUT', `/${d.dashboardId}/metrics/${widget.widgetId}`, { name: 'Theirs now' }, member.token))).toEqual([403, 'Only the author of a metric may change it.']);
    expect(await refusal(call('POST', `/${d.dashboardId}/metrics`, { name: '' }))).toEqual([400, 'A metric name cannot be empty.']);
  });
});
