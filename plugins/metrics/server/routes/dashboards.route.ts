import { badRequest, defineRoute, notFound, type Caller, type SqlRunner } from '@cassette/plugin-sdk/server';
import type { Dashboard, DeletedAnswer } from '../../shared/dashboard.js';
import { route, type MetricsDeps } from '../deps.js';
import { dashboardBody } from '../input/dashboard-body.schema.js';
import { dashboardName } from '../input/dashboard-input.js';
import { deleteDashboard, findDashboard, insertDashboard, listVisibleDashboards, lockDashboard, pinDashboard, unpinDashboard, updateDashboard, type StoredDashboard } from '../store/dashboard-store.js';
import { addWidget, widgetsOf } from '../store/widget-store.js';
import { findManyInProject } from '../store/metric-store.js';
import { dashboardViews } from '../views/dashboard-view.js';
import { DASHBOARD_NOT_FOUND, dashboardParams, METRICS_ACCESS, requireOwnDashboard, requireVisibleDashboard } from './metrics-access.js';

/** Adds the metrics not on the dashboard yet, in the order given; each must be one the caller sees. Inside the dashboard's lock. */
async function addMetrics(run: SqlRunner, projectId: number, dashboardId: number, metricIds: readonly number[], caller: Caller): Promise<void> {
  if (metricIds.length === 0) return;
  const found = new Map((await findManyInProject(run, projectId, metricIds)).map((m) => [m.metricId, m]));
  for (const metricId of metricIds) {
    const metric = found.get(metricId);
    if (!metric || !(metric.isPublic || metric.userId === caller.userId)) throw badRequest(`Metric ${metricId} not found in this project.`);
  }
  const present = new Set((await widgetsOf(run, [dashboardId])).map((w) => w.metricId));
  for (const metricId of new Set(metricIds)) if (!present.has(metricId)) await addWidget(run, dashboardId, metricId);
}

async function answer(deps: Pick<MetricsDeps, 'users'>, run: SqlRunner, projectId: number, caller: Caller, dashboard: StoredDashboard): Promise<Dashboard> {
  return (await dashboardViews(deps, run, projectId, caller, [dashboard]))[0]!;
}

/** Spec part 1 §7 `GET /dashboards`: the caller's dashboards and the project's public ones, oldest first, each with its widgets by position. */
export const listDashboardsRoute = route({
  method: 'GET',
  url: '/dashboards',
  access: METRICS_ACCESS,
  keepNulls: true,
  summary: "The caller's dashboards and the project's public ones, oldest first, with their widgets by position (the UI selects the pinned one, else the first)",
  schema: {},
  handler: async ({ deps, sql: run, projectId, caller }): Promise<Dashboard[]> => dashboardViews(deps, run, projectId, caller, await listVisibleDashboards(run, projectId, caller.userId)),
});

/** Spec part 1 §7 `POST /dashboards`. */
export const createDashboardRoute = route({
  method: 'POST',
  url: '/dashboards',
  access: METRICS_ACCESS,
  keepNulls: true,
  summary: "Save a dashboard (name 'New Dashboard' by default, isPublic true by default, isPinned, metrics: ids to place as widgets)",
  schema: { body: dashboardBody },
  handler: async ({ body, deps, sql: run, projectId, caller }): Promise<Dashboard> => {
    const fields = { name: dashboardName(body.name), description: body.description?.trim() ?? '', isPublic: body.isPublic ?? true };
    const created = await run.transaction(async (tx) => {
      const dashboard = await insertDashboard(tx, projectId, caller.userId, fields);
      await lockDashboard(tx, projectId, dashboard.dashboardId);
      await addMetrics(tx, projectId, dashboard.dashboardId, body.metrics ?? [], caller);
      return dashboard;
    });
    if (body.isPinned) await pinDashboard(run, projectId, created.dashboardId);
    return answer(deps, run, projectId, caller, (await findDashboard(run, projectId, created.dashboardId)) ?? created);
  },
});

/** Spec part 1 §7 `GET /dashboards/{id}`: with its widgets sorted by position. */
export const dashboardDetailRoute = route({
  method: 'GET',
  url: '/dashboards/:dashboardId',
  access: METRICS_ACCESS,
  keepNulls: true,
  summary: 'A dashboard with its widgets sorted by position',
  schema: { params: dashboardParams },
  handler: async ({ params, deps, sql: run, projectId, caller }): Promise<Dashboard> => answer(deps, run, projectId, caller, await requireVisibleDashboard(run, projectId, params.dashboardId, caller)),
});

/** Spec part 1 §7 `PUT /dashboards/{id}`: name, isPublic (its author only), metrics to add (anyone who sees it). */
export const updateDashboardRoute = route({
  method: 'PUT',
  url: '/dashboards/:dashboardId',
  access: METRICS_ACCESS,
  keepNulls: true,
  summary: 'Change a dashboard: name, description, isPublic (its author only), isPinned, metrics: ids to add as widgets',
  schema: { params: dashboardParams, body: dashboardBody },
  handler: async ({ params, body, deps, sql: run, projectId, caller }): Promise<Dashboard> => {
    const renaming = body.name !== undefined || body.description !== undefined || body.isPublic !== undefined;
    const current = renaming ? await requireOwnDashboard(run, projectId, params.dashboardId, caller, 'change') : await requireVisibleDashboard(run, projectId, params.dashboardId, caller);
    const fields = { name: dashboardName(body.name, current.name), description: body.description?.trim() ?? current.description, isPublic: body.isPublic ?? current.isPublic };
    const updated = await run.transaction(async (tx) => {
      if (!(await lockDashboard(tx, projectId, params.dashboardId))) return null;
      if (renaming) await updateDashboard(tx, projectId, params.dashboardId, fields);
      await addMetrics(tx, projectId, params.dashboardId, body.metrics ?? [], caller);
      if (body.isPinned === false) await unpinDashboard(tx, projectId, params.dashboardId);
      return true;
    });
    // Pinned after the changes commit: a pin takes its project's turn, never while holding this dashboard's lock.
    if (!updated || (body.isPinned === true && !(await pinDashboard(run, projectId, params.dashboardId)))) throw notFound(DASHBOARD_NOT_FOUND);
    const changed = await findDashboard(run, projectId, params.dashboardId);
    if (!changed) throw notFound(DASHBOARD_NOT_FOUND);
    return answer(deps, run, projectId, caller, changed);
  },
});

/** Spec part 1 §7 `DELETE /dashboards/{id}`: its author only; the metrics stay. */
export const deleteDashboardRoute = defineRoute({
  method: 'DELETE',
  url: '/dashboards/:dashboardId',
  access: METRICS_ACCESS,
  keepNulls: true,
  summary: 'Delete a dashboard (its author only); its metrics stay',
  schema: { params: dashboardParams },
  handler: async ({ params, sql: run, projectId, caller }): Promise<DeletedAnswer> => {
    await requireOwnDashboard(run, projectId, params.dashboardId, caller, 'delete');
    if (!(await deleteDashboard(run, projectId, params.dashboardId))) throw notFound(DASHBOARD_NOT_FOUND);
    return { deleted: true };
  },
});

/** Spec part 1 §7 `GET /dashboards/{id}/pin`: pins it; the project's other dashboards are unpinned (§4). */
export const pinDashboardRoute = route({
  method: 'GET',
  url: '/dashboards/:dashboardId/pin',
  access: METRICS_ACCESS,
  keepNulls: true,
  summary: "Pin a dashboard: the project's one pinned dashboard (the others are unpinned); answers it",
  schema: { params: dashboardParams },
  handler: async ({ params, deps, sql: run, projectId, caller }): Promise<Dashboard> => {
    await requireVisibleDashboard(run, projectId, params.dashboardId, caller);
    const pinned = (await pinDashboard(run, projectId, params.dashboardId)) ? await findDashboard(run, projectId, params.dashboardId) : null;
    if (!pinned) throw notFound(DASHBOARD_NOT_FOUND);
    return answer(deps, run, projectId, caller, pinned);
  },
});
