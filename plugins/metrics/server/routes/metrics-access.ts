import { Type } from '@sinclair/typebox';
import { badRequest, forbidden, notFound, type Caller, type SqlRunner } from '@cassette/plugin-sdk/server';
import { findInProject, type StoredMetric } from '../store/metric-store.js';
import { findDashboard, type StoredDashboard } from '../store/dashboard-store.js';

/**
 * Every metrics and dashboards route: a member of the project holding METRICS. Their answers
 * keep nulls (`keepNulls`): a predefined metric's userId, a custom one's predefinedKey and a
 * tried series' seriesId are null, as the wire types say.
 */
export const METRICS_ACCESS = { auth: 'user', project: true, permission: 'METRICS' } as const;
export const METRIC_NOT_FOUND = 'Metric not found';
export const DASHBOARD_NOT_FOUND = 'Dashboard not found';
export const WIDGET_NOT_FOUND = 'Widget not found on this dashboard';
/** Spec part 1 §2 "Dashboard widget card": the message of the disabled Edit of a predefined metric. */
export const PREDEFINED_NOT_EDITABLE = 'Cannot edit system generated metrics';

const id = () => Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
export const dashboardParams = Type.Object({ dashboardId: id() });
export const widgetParams = Type.Object({ dashboardId: id(), widgetId: id() });

const visible = (ownerId: number | null, isPublic: boolean, caller: Caller) => isPublic || ownerId === caller.userId;

/** The metric, when the caller may see it: their own, a public one, or a predefined one. Another member's private metric answers like a missing one. */
export async function requireVisibleMetric(run: SqlRunner, projectId: number, metricId: number, caller: Caller): Promise<StoredMetric> {
  const metric = await findInProject(run, projectId, metricId);
  if (!metric || !visible(metric.userId, metric.isPublic, caller)) throw notFound(METRIC_NOT_FOUND);
  return metric;
}

/** The metric, when the caller wrote it and it is a custom one: predefined metrics are the system's. */
export async function requireEditableMetric(run: SqlRunner, projectId: number, metricId: number, caller: Caller, action: 'change' | 'delete'): Promise<StoredMetric> {
  const metric = await requireVisibleMetric(run, projectId, metricId, caller);
  if (metric.metricType === 'predefined') throw badRequest(PREDEFINED_NOT_EDITABLE);
  if (metric.userId !== caller.userId) throw forbidden(`Only the author of a metric may ${action} it.`);
  return metric;
}

/** The dashboard, when the caller may see it (their own or a public one); another member's private dashboard answers like a missing one. */
export async function requireVisibleDashboard(run: SqlRunner, projectId: number, dashboardId: number, caller: Caller): Promise<StoredDashboard> {
  const dashboard = await findDashboard(run, projectId, dashboardId);
  if (!dashboard || !visible(dashboard.userId, dashboard.isPublic, caller)) throw notFound(DASHBOARD_NOT_FOUND);
  return dashboard;
}

/** The dashboard, when the caller wrote it: the team arranges a public dashboard's widgets, only its author renames, shares or deletes it. */
export async function requireOwnDashboard(run: SqlRunner, projectId: number, dashboardId: number, caller: Caller, action: 'change' | 'delete'): Promise<StoredDashboard> {
  const dashboard = await requireVisibleDashboard(run, projectId, dashboardId, caller);
  if (dashboard.userId !== caller.userId) throw forbidden(`Only the author of a dashboard may ${action} it.`);
  return dashboard;
}
