import type { Caller, SqlRunner } from '@cassette/plugin-sdk/server';
import type { Metric } from '../../shared/metric.js';
import type { MetricsDeps } from '../deps.js';
import type { StoredMetric } from '../store/metric-store.js';
import { dashboardsHolding } from '../store/widget-store.js';

/** The e-mails of the tenant's members by id (spec: a metric's owner is shown by e-mail). */
export async function ownerEmails(deps: Pick<MetricsDeps, 'users'>, caller: Caller): Promise<Map<number, string>> {
  const users = await deps.users.listForTenant(caller.tenantId);
  return new Map(users.map((u) => [u.id, u.email]));
}

export interface ViewContext {
  owners: Map<number, string>;
  dashboards: Map<number, { dashboardId: number; name: string }[]>;
}

export function metricView(m: StoredMetric, context: ViewContext): Metric {
  return {
    metricId: m.metricId,
    projectId: m.projectId,
    userId: m.userId,
    owner: m.userId === null ? '' : (context.owners.get(m.userId) ?? ''),
    name: m.name,
    metricType: m.metricType,
    metricOf: m.metricOf,
    metricValue: m.metricValue,
    metricFormat: m.metricFormat,
    viewType: m.viewType,
    series: m.series,
    isPublic: m.isPublic,
    predefinedKey: m.metricType === 'predefined' ? m.metricOf : null,
    createdAt: m.createdAt,
    lastModified: m.lastModified,
    dashboards: context.dashboards.get(m.metricId) ?? [],
  };
}

/** What metricView needs for these metrics, looked up once. */
export async function viewContext(deps: Pick<MetricsDeps, 'users'>, run: SqlRunner, projectId: number, caller: Caller, metrics: readonly StoredMetric[]): Promise<ViewContext> {
  const [owners, dashboards] = await Promise.all([
    ownerEmails(deps, caller),
    dashboardsHolding(
      run,
      projectId,
      caller.userId,
      metrics.map((m) => m.metricId),
    ),
  ]);
  return { owners, dashboards };
}

/** Metrics as the routes answer them. */
export async function metricViews(deps: Pick<MetricsDeps, 'users'>, run: SqlRunner, projectId: number, caller: Caller, metrics: readonly StoredMetric[]): Promise<Metric[]> {
  const context = await viewContext(deps, run, projectId, caller, metrics);
  return metrics.map((m) => metricView(m, context));
}
