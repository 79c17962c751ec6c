import type { Caller, SqlRunner } from '@cassette/plugin-sdk/server';
import type { Dashboard, Widget } from '../../shared/dashboard.js';
import type { MetricsDeps } from '../deps.js';
import type { StoredDashboard } from '../store/dashboard-store.js';
import { findManyInProject } from '../store/metric-store.js';
import { widgetsOf, type StoredWidget } from '../store/widget-store.js';
import { metricView, viewContext } from './metric-view.js';

/**
 * Widgets as the routes answer them: each its metric with where it sits. A widget whose metric
 * its author has since made private is left out for everybody else (its definition is not theirs to read).
 */
export async function widgetViews(deps: Pick<MetricsDeps, 'users'>, run: SqlRunner, projectId: number, caller: Caller, widgets: readonly StoredWidget[]): Promise<Widget[]> {
  const metrics = await findManyInProject(run, projectId, [...new Set(widgets.map((w) => w.metricId))]);
  const visible = new Map(metrics.filter((m) => m.isPublic || m.userId === caller.userId).map((m) => [m.metricId, m]));
  const context = await viewContext(deps, run, projectId, caller, [...visible.values()]);
  return widgets.flatMap((w) => {
    const metric = visible.get(w.metricId);
    if (!metric) return [];
    return [{ ...metricView(metric, context), widgetId: w.widgetId, dashboardId: w.dashboardId, config: { ...w.config }, position: w.config.position, colSpan: w.config.col }];
  });
}

/** Dashboards with their widgets by position, looked up in one go. */
export async function dashboardViews(deps: Pick<MetricsDeps, 'users'>, run: SqlRunner, projectId: number, caller: Caller, dashboards: readonly StoredDashboard[]): Promise<Dashboard[]> {
  const widgets = await widgetViews(
    deps,
    run,
    projectId,
    caller,
    await widgetsOf(
      run,
      dashboards.map((d) => d.dashboardId),
    ),
  );
  const owners = await deps.users.listForTenant(caller.tenantId);
  const emails = new Map(owners.map((u) => [u.id, u.email]));
  return dashboards.map((d) => {
    const own = widgets.filter((w) => w.dashboardId === d.dashboardId).sort((a, b) => a.position - b.position || a.widgetId - b.widgetId);
    return { ...d, owner: emails.get(d.userId) ?? '', widgets: own, metrics: own.map((w) => w.metricId) };
  });
}
