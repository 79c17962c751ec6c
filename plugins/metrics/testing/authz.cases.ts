import { AUTHZ, defineAuthzRows, type AuthzWorld, type TestUser } from '@cassette/plugin-sdk/testing';

const METRICS = AUTHZ.PERMISSION;
const PERIOD = { startTimestamp: Date.UTC(2026, 9, 5), endTimestamp: Date.UTC(2026, 9, 6) - 1 };
const api = (w: AuthzWorld, path: string) => `/api/${w.projectId}${path}`;

async function post(w: AuthzWorld, path: string, body: unknown, token = w.adminToken): Promise<{ status: number; data: any }> {
  const res = await w.t.request('POST', api(w, path), { token, body });
  return { status: res.status, data: res.body?.data };
}

/** A public metric of tenant A's first project, by the admin (once per run). */
function sharedMetric(w: AuthzWorld): Promise<number> {
  return w.once('metrics.shared', async () => (await post(w, '/metrics', { name: 'Shared visits' })).data.metricId as number);
}

/** A public table metric (its drill-down takes a row's value), by the admin (once per run). */
function sharedTable(w: AuthzWorld): Promise<number> {
  return w.once('metrics.sharedTable', async () => (await post(w, '/metrics', { name: 'Shared browsers', metricType: 'table', metricOf: 'browsers' })).data.metricId as number);
}

/** A metric of the caller when they may save one (only the author changes or deletes it), else the admin's. */
async function metricOf(w: AuthzWorld, caller: TestUser | null): Promise<number> {
  const body = { name: `Metric ${w.unique()}` };
  const own = caller ? await post(w, '/metrics', body, caller.token) : null;
  if (own?.status === 200) return own.data.metricId as number;
  return (await post(w, '/metrics', body)).data.metricId as number;
}

/** A public dashboard by the admin, holding the shared metric (once per run). */
function sharedDashboard(w: AuthzWorld): Promise<number> {
  return w.once('metrics.dashboard', async () => (await post(w, '/dashboards', { name: 'Team board', metrics: [await sharedMetric(w)] })).data.dashboardId as number);
}

/** A dashboard of the caller when they may save one (only its author renames or deletes it), else the admin's. */
async function dashboardOf(w: AuthzWorld, caller: TestUser | null): Promise<number> {
  const body = { name: `Board ${w.unique()}` };
  const own = caller ? await post(w, '/dashboards', body, caller.token) : null;
  if (own?.status === 200) return own.data.dashboardId as number;
  return (await post(w, '/dashboards', body)).data.dashboardId as number;
}

/** A new widget of the shared metric on the shared dashboard (the team arranges a public dashboard). */
async function freshWidget(w: AuthzWorld): Promise<{ dashboardId: number; widgetId: number }> {
  const dashboardId = await sharedDashboard(w);
  const widget = await post(w, `/dashboards/${dashboardId}/widgets`, { metricId: await sharedMetric(w) });
  return { dashboardId, widgetId: widget.data.widgetId as number };
}

/** A widget whose metric the caller wrote when they may (only its author changes it), else the admin's. */
async function ownMetricWidget(w: AuthzWorld, caller: TestUser | null): Promise<{ dashboardId: number; widgetId: number }> {
  const dashboardId = await sharedDashboard(w);
  const body = { name: `Widget ${w.unique()}` };
  const own = caller ? await post(w, `/dashboards/${dashboardId}/metrics`, body, caller.token) : null;
  const widget = own?.status === 200 ? own : await post(w, `/dashboards/${dashboardId}/metrics`, body);
  return { dashboardId, widgetId: widget.data.widgetId as number };
}

export const authzRows = defineAuthzRows({
  'GET /api/:projectId/metrics': { statuses: METRICS, fixture: (w) => ({ url: api(w, '/metrics') }) },
  'GET /api/:projectId/metrics/templates': { statuses: METRICS, fixture: (w) => ({ url: api(w, '/metrics/templates') }) },
  'POST /api/:projectId/metrics': { statuses: METRICS, fixture: (w) => ({ url: api(w, '/metrics'), body: { name: `Metric ${w.unique()}` } }) },
  'GET /api/:projectId/metrics/:metricId': { statuses: METRICS, fixture: async (w) => ({ url: api(w, `/metrics/${await sharedMetric(w)}`) }) },
  'PUT /api/:projectId/metrics/:metricId': { statuses: METRICS, fixture: async (w, caller) => ({ url: api(w, `/metrics/${await metricOf(w, caller)}`), body: { name: 'Renamed metric' } }) },
  'DELETE /api/:projectId/metrics/:metricId': { statuses: METRICS, fixture: async (w, caller) => ({ url: api(w, `/metrics/${await metricOf(w, caller)}`) }) },
  'POST /api/:projectId/metrics/:metricId/chart': { statuses: METRICS, fixture: async (w) => ({ url: api(w, `/metrics/${await sharedMetric(w)}/chart`), body: { ...PERIOD, density: 7 } }) },
  'POST /api/:projectId/metrics/try': { statuses: METRICS, fixture: (w) => ({ url: api(w, '/metrics/try'), body: { metricType: 'table', metricOf: 'countries', ...PERIOD } }) },
  'POST /api/:projectId/metrics/:metricId/sessions': { statuses: METRICS, fixture: async (w) => ({ url: api(w, `/metrics/${await sharedTable(w)}/sessions`), body: { ...PERIOD, value: 'Chrome' } }) },
  'POST /api/:projectId/metrics/try/sessions': { statuses: METRICS, fixture: (w) => ({ url: api(w, '/metrics/try/sessions'), body: { ...PERIOD, drillDownStart: PERIOD.startTimestamp, drillDownEnd: PERIOD.startTimestamp + 3_600_000 } }) },
  'GET /api/:projectId/dashboards': { statuses: METRICS, fixture: (w) => ({ url: api(w, '/dashboards') }) },
  'POST /api/:projectId/dashboards': { statuses: METRICS, fixture: (w) => ({ url: api(w, '/dashboards'), body: { name: `Board ${w.unique()}` } }) },
  'GET /api/:projectId/dashboards/:dashboardId': { statuses: METRICS, fixture: async (w) => ({ url: api(w, `/dashboards/${await sharedDashboard(w)}`) }) },
  'PUT /api/:projectId/dashboards/:dashboardId': { statuses: METRICS, fixture: async (w, caller) => ({ url: api(w, `/dashboards/${await dashboardOf(w, caller)}`), body: { name: 'Renamed board' } }) },
  'DELETE /api/:projectId/dashboards/:dashboardId': { statuses: METRICS, fixture: async (w, caller) => ({ url: api(w, `/dashboards/${await dashboardOf(w, caller)}`) }) },
  'GET /api/:projectId/dashboards/:dashboardId/pin': { statuses: METRICS, fixture: async (w, caller) => ({ url: api(w, `/dashboards/${await dashboardOf(w, caller)}/pin`) }) },
  'GET /api/:projectId/dashboards/:dashboardId/widgets': { statuses: METRICS, fixture: async (w) => ({ url: api(w, `/dashboards/${await sharedDashboard(w)}/widgets`) }) },
  'POST /api/:projectId/dashboards/:dashboardId/widgets': { statuses: METRICS, fixture: async (w) => ({ url: api(w, `/dashboards/${await sharedDashboard(w)}/widgets`), body: { predefinedKey: 'avg_cpu' } }) },
  'PUT /api/:projectId/dashboards/:dashboardId/widgets/:widgetId': {
    statuses: METRICS,
    fixture: async (w) => {
      const { dashboardId, widgetId } = await freshWidget(w);
      return { url: api(w, `/dashboards/${dashboardId}/widgets/${widgetId}`), body: { config: { position: 0, col: 4 } } };
    },
  },
  'DELETE /api/:projectId/dashboards/:dashboardId/widgets/:widgetId': {
    statuses: METRICS,
    fixture: async (w) => {
      const { dashboardId, widgetId } = await freshWidget(w);
      return { url: api(w, `/dashboards/${dashboardId}/widgets/${widgetId}`) };
    },
  },
  'POST /api/:projectId/dashboards/:dashboardId/metrics': { statuses: METRICS, fixture: async (w) => ({ url: api(w, `/dashboards/${await sharedDashboard(w)}/metrics`), body: { name: `Widget ${w.unique()}` } }) },
  'PUT /api/:projectId/dashboards/:dashboardId/metrics/:widgetId': {
    statuses: METRICS,
    fixture: async (w, caller) => {
      const { dashboardId, widgetId } = await ownMetricWidget(w, caller);
      return { url: api(w, `/dashboards/${dashboardId}/metrics/${widgetId}`), body: { name: 'Renamed widget' } };
    },
  },
  'POST /api/:projectId/dashboards/:dashboardId/metrics/:widgetId': {
    statuses: METRICS,
    fixture: async (w, caller) => {
      const { dashboardId, widgetId } = await ownMetricWidget(w, caller);
      return { url: api(w, `/dashboards/${dashboardId}/metrics/${widgetId}`), body: { viewType: 'progress' } };
    },
  },
});
