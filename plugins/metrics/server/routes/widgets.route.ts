import { Type } from '@sinclair/typebox';
import { badRequest, defineRoute, notFound, type Caller, type SqlRunner } from '@cassette/plugin-sdk/server';
import { catalogueWidget } from '../../shared/catalogue.js';
import type { DeletedAnswer, Widget } from '../../shared/dashboard.js';
import { route, type MetricsDeps } from '../deps.js';
import { widgetConfigSchema } from '../input/dashboard-body.schema.js';
import { metricBodyProperties } from '../input/metric-body.schema.js';
import { metricDefinition, storedDefinition } from '../input/metric-input.js';
import { assertReadable, readerContext } from '../input/readable-series.js';
import { lockDashboard } from '../store/dashboard-store.js';
import { findInProject, insertMetric, predefinedMetric, updateMetric } from '../store/metric-store.js';
import { addWidget, removeWidget, updateWidget, widgetsOf, type StoredWidget } from '../store/widget-store.js';
import { widgetViews } from '../views/dashboard-view.js';
import { DASHBOARD_NOT_FOUND, dashboardParams, METRIC_NOT_FOUND, METRICS_ACCESS, requireEditableMetric, requireVisibleDashboard, WIDGET_NOT_FOUND, widgetParams } from './metrics-access.js';

/** Runs `work` holding the dashboard's lock, so its widgets' positions change one request at a time. */
async function withDashboard<T>(run: SqlRunner, projectId: number, dashboardId: number, work: (tx: SqlRunner) => Promise<T>): Promise<T> {
  return run.transaction(async (tx) => {
    if (!(await lockDashboard(tx, projectId, dashboardId))) throw notFound(DASHBOARD_NOT_FOUND);
    return work(tx);
  });
}

async function widgetOf(run: SqlRunner, dashboardId: number, widgetId: number): Promise<StoredWidget> {
  const widget = (await widgetsOf(run, [dashboardId])).find((w) => w.widgetId === widgetId);
  if (!widget) throw notFound(WIDGET_NOT_FOUND);
  return widget;
}

async function answer(deps: Pick<MetricsDeps, 'users'>, run: SqlRunner, projectId: number, caller: Caller, widget: StoredWidget): Promise<Widget> {
  const [view] = await widgetViews(deps, run, projectId, caller, [widget]);
  if (!view) throw notFound(METRIC_NOT_FOUND);
  return view;
}

/** Spec part 1 §7 `GET /dashboards/{id}/widgets`: its widgets by position. */
export const dashboardWidgetsRoute = route({
  method: 'GET',
  url: '/dashboards/:dashboardId/widgets',
  access: METRICS_ACCESS,
  keepNulls: true,
  summary: "A dashboard's widgets by position (each its metric with config: position, col, row)",
  schema: { params: dashboardParams },
  handler: async ({ params, deps, sql: run, projectId, caller }): Promise<Widget[]> => {
    await requireVisibleDashboard(run, projectId, params.dashboardId, caller);
    return widgetViews(deps, run, projectId, caller, await widgetsOf(run, [params.dashboardId]));
  },
});

/** Spec part 1 §7 `POST /dashboards/{id}/widgets`: places an existing metric, or a predefined widget by its catalogue key. */
export const addWidgetRoute = route({
  method: 'POST',
  url: '/dashboards/:dashboardId/widgets',
  access: METRICS_ACCESS,
  keepNulls: true,
  summary: 'Place a widget: an existing metric (metricId) or a catalogue widget (predefinedKey), at the end or at config.position',
  schema: {
    params: dashboardParams,
    body: Type.Object(
      {
        metricId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
        predefinedKey: Type.Optional(Type.String({ maxLength: 100 })),
        config: Type.Optional(widgetConfigSchema),
      },
      { additionalProperties: false },
    ),
  },
  handler: async ({ params, body, deps, sql: run, projectId, caller }): Promise<Widget> => {
    await requireVisibleDashboard(run, projectId, params.dashboardId, caller);
    if ((body.metricId === undefined) === (body.predefinedKey === undefined)) throw badRequest('Give either metricId (a saved metric) or predefinedKey (a catalogue widget).');
    if (body.predefinedKey !== undefined && !catalogueWidget(body.predefinedKey)) {
      throw badRequest(`Unknown widget ${JSON.stringify(body.predefinedKey)}: predefinedKey must be a key of the catalogue (GET /metrics/templates).`);
    }
    const widget = await withDashboard(run, projectId, params.dashboardId, async (tx) => {
      let metricId = body.metricId;
      if (metricId !== undefined) {
        const metric = await findInProject(tx, projectId, metricId);
        if (!metric || !(metric.isPublic || metric.userId === caller.userId)) throw badRequest(`Metric ${metricId} not found in this project.`);
      } else {
        metricId = (await predefinedMetric(tx, projectId, body.predefinedKey!)).metricId;
      }
      return addWidget(tx, params.dashboardId, metricId, body.config);
    });
    return answer(deps, run, projectId, caller, widget);
  },
});

/** Spec part 1 §7 `PUT /dashboards/{id}/widgets/{widgetId}`: moves it (the others close up) and sets its column span and height. */
export const updateWidgetRoute = route({
  method: 'PUT',
  url: '/dashboards/:dashboardId/widgets/:widgetId',
  access: METRICS_ACCESS,
  keepNulls: true,
  summary: 'Place a widget: config.position (the others close up: a swap is two of these), config.col (column span 1..4), config.row',
  schema: { params: widgetParams, body: Type.Object({ config: widgetConfigSchema }, { additionalProperties: false }) },
  handler: async ({ params, body, deps, sql: run, projectId, caller }): Promise<Widget> => {
    await requireVisibleDashboard(run, projectId, params.dashboardId, caller);
    const widget = await withDashboard(run, projectId, params.dashboardId, async (tx) => {
      const updated = await updateWidget(tx, params.dashboardId, params.widgetId, body.config);
      if (!updated) throw notFound(WIDGET_NOT_FOUND);
      return updated;
    });
    return answer(deps, run, projectId, caller, widget);
  },
});

/** Spec part 1 §7 `DELETE /dashboards/{id}/widgets/{widgetId}` ('Remove from view'): the metric stays. */
export const removeWidgetRoute = defineRoute({
  method: 'DELETE',
  url: '/dashboards/:dashboardId/widgets/:widgetId',
  access: METRICS_ACCESS,
  keepNulls: true,
  summary: 'Remove a widget from the dashboard (its metric stays); the widgets after it close up',
  schema: { params: widgetParams },
  handler: async ({ params, sql: run, projectId, caller }): Promise<DeletedAnswer> => {
    await requireVisibleDashboard(run, projectId, params.dashboardId, caller);
    await withDashboard(run, projectId, params.dashboardId, async (tx) => {
      if (!(await removeWidget(tx, params.dashboardId, params.widgetId))) throw notFound(WIDGET_NOT_FOUND);
    });
    return { deleted: true };
  },
});

const dashboardMetricBody = Type.Object({ ...metricBodyProperties, config: Type.Optional(widgetConfigSchema) }, { additionalProperties: false });

/** Spec part 1 §7 `POST /dashboards/{id}/metrics`: creates a custom metric and places it as a widget. */
export const createDashboardMetricRoute = route({
  method: 'POST',
  url: '/dashboards/:dashboardId/metrics',
  access: METRICS_ACCESS,
  keepNulls: true,
  summary: 'Save a custom metric (as POST /metrics) and place it on the dashboard, at the end or at config.position',
  schema: { params: dashboardParams, body: dashboardMetricBody },
  handler: async ({ params, body, deps, sql: run, projectId, caller }): Promise<Widget> => {
    await requireVisibleDashboard(run, projectId, params.dashboardId, caller);
    const { config, ...metricBody } = body;
    const definition = metricDefinition(metricBody);
    assertReadable(deps, projectId, definition, await readerContext(deps, projectId, caller));
    const widget = await withDashboard(run, projectId, params.dashboardId, async (tx) => {
      const metric = await insertMetric(tx, projectId, caller.userId, definition);
      return addWidget(tx, params.dashboardId, metric.metricId, config);
    });
    return answer(deps, run, projectId, caller, widget);
  },
});

const updateDashboardMetric = {
  url: '/dashboards/:dashboardId/metrics/:widgetId',
  access: METRICS_ACCESS,
  keepNulls: true,
  summary: "Change a widget's metric (as PUT /metrics/{id}: its author only, never a predefined one) and, with config, its place",
  schema: { params: widgetParams, body: dashboardMetricBody },
} as const;

async function changeDashboardMetric(deps: MetricsDeps, run: SqlRunner, projectId: number, caller: Caller, params: { dashboardId: number; widgetId: number }, body: typeof dashboardMetricBody.static): Promise<Widget> {
  await requireVisibleDashboard(run, projectId, params.dashboardId, caller);
  const { config, ...metricBody } = body;
  const placed = await widgetOf(run, params.dashboardId, params.widgetId);
  const current = await requireEditableMetric(run, projectId, placed.metricId, caller, 'change');
  const definition = metricDefinition(metricBody, storedDefinition(current));
  assertReadable(deps, projectId, definition, await readerContext(deps, projectId, caller));
  const widget = await withDashboard(run, projectId, params.dashboardId, async (tx) => {
    if (!(await updateMetric(tx, projectId, current.metricId, definition))) throw notFound(METRIC_NOT_FOUND);
    const moved = config ? await updateWidget(tx, params.dashboardId, params.widgetId, config) : await widgetOf(tx, params.dashboardId, params.widgetId);
    if (!moved) throw notFound(WIDGET_NOT_FOUND);
    return moved;
  });
  return answer(deps, run, projectId, caller, widget);
}

/** Spec part 1 §7 `PUT /dashboards/{id}/metrics/{widgetId}`. */
export const putDashboardMetricRoute = route({
  method: 'PUT',
  ...updateDashboardMetric,
  handler: async ({ params, body, deps, sql: run, projectId, caller }): Promise<Widget> => changeDashboardMetric(deps, run, projectId, caller, params, body),
});

/** Spec part 1 §7 "POST or PUT /dashboards/{id}/metrics/{widgetId}": the same as PUT. */
export const postDashboardMetricRoute = route({
  method: 'POST',
  ...updateDashboardMetric,
  handler: async ({ params, body, deps, sql: run, projectId, caller }): Promise<Widget> => changeDashboardMetric(deps, run, projectId, caller, params, body),
});
