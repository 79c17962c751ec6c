import { AUTHZ, defineAuthzRows, type AuthzWorld } from '@cassette/plugin-sdk/testing';

const METRICS = AUTHZ.PERMISSION;
const api = (w: AuthzWorld, path: string) => `/api/${w.projectId}${path}`;
const alertBody = (name: string) => ({ name, query: { left: 'performance.page_load_time.average', operator: '>', right: 3000 }, options: { currentPeriod: 15, previousPeriod: 15 } });

/** A fresh alert of tenant A's first project, by the admin: each caller updates or deletes its own copy. */
async function newAlert(w: AuthzWorld): Promise<number> {
  const res = await w.t.request('PUT', api(w, '/alerts'), { token: w.adminToken, body: alertBody(`Alert ${w.unique()}`) });
  return res.body.data.alertId as number;
}

/** One alert to read (once per run). */
const sharedAlert = (w: AuthzWorld) => w.once('alerts.shared', () => newAlert(w));

/** Alerts are the project's, behind METRICS like the dashboards they watch. */
export const authzRows = defineAuthzRows({
  'GET /api/:projectId/alerts': { statuses: METRICS, fixture: (w) => ({ url: api(w, '/alerts') }) },
  'GET /api/:projectId/alerts/triggers': { statuses: METRICS, fixture: (w) => ({ url: api(w, '/alerts/triggers') }) },
  'PUT /api/:projectId/alerts': { statuses: METRICS, fixture: (w) => ({ url: api(w, '/alerts'), body: alertBody(`Alert ${w.unique()}`) }) },
  'PUT /api/:projectId/alerts/:alertId': { statuses: METRICS, fixture: async (w) => ({ url: api(w, `/alerts/${await newAlert(w)}`), body: alertBody('Renamed alert') }) },
  'DELETE /api/:projectId/alerts/:alertId': { statuses: METRICS, fixture: async (w) => ({ url: api(w, `/alerts/${await newAlert(w)}`) }) },
  'GET /api/:projectId/alerts/:alertId/history': { statuses: METRICS, fixture: async (w) => ({ url: api(w, `/alerts/${await sharedAlert(w)}/history`) }) },
  'GET /api/:projectId/alerts/:alertId/deliveries': { statuses: METRICS, fixture: async (w) => ({ url: api(w, `/alerts/${await sharedAlert(w)}/deliveries`) }) },
});
