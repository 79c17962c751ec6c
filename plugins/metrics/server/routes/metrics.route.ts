import { Type } from '@sinclair/typebox';
import { defineRoute, notFound } from '@cassette/plugin-sdk/server';
import { METRICS_PAGE_SIZE, type Metric, type MetricsPage } from '../../shared/metric.js';
import { metricTemplates, type MetricTemplatesAnswer } from '../../shared/catalogue.js';
import type { DeletedAnswer } from '../../shared/dashboard.js';
import { route } from '../deps.js';
import { metricBodyProperties, metricParams } from '../input/metric-body.schema.js';
import { metricDefinition, storedDefinition } from '../input/metric-input.js';
import { assertReadable, readerContext } from '../input/readable-series.js';
import { deleteMetric, insertMetric, listVisibleCustom, updateMetric } from '../store/metric-store.js';
import { metricViews } from '../views/metric-view.js';
import { METRIC_NOT_FOUND, METRICS_ACCESS, requireEditableMetric, requireVisibleMetric } from './metrics-access.js';

const metricBody = Type.Object(metricBodyProperties, { additionalProperties: false });

/** Spec part 1 §7 `GET /metrics`: the caller's custom metrics and the project's public ones, last modified first, 15 a page (§9). */
export const listMetricsRoute = route({
  method: 'GET',
  url: '/metrics',
  access: METRICS_ACCESS,
  keepNulls: true,
  summary: `Custom metrics (own and public), last modified first; page (1-based) of limit (${METRICS_PAGE_SIZE} by default), query searches names`,
  schema: {
    querystring: Type.Object(
      {
        page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
        limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
        query: Type.Optional(Type.String({ maxLength: 100 })),
      },
      { additionalProperties: false },
    ),
  },
  handler: async ({ query, deps, sql: run, projectId, caller }): Promise<MetricsPage> => {
    const page = query.page ?? 1;
    const limit = query.limit ?? METRICS_PAGE_SIZE;
    const search = query.query?.trim();
    const found = await listVisibleCustom(run, projectId, caller.userId, { ...(search ? { search } : {}), limit, offset: (page - 1) * limit });
    return { metrics: await metricViews(deps, run, projectId, caller, found.metrics), total: found.total, page, limit };
  },
});

/** Spec part 1 §7 `GET /metrics/templates`: the predefined widget catalogue's categories, each with its description and widgets. */
export const metricTemplatesRoute = defineRoute({
  method: 'GET',
  url: '/metrics/templates',
  access: METRICS_ACCESS,
  keepNulls: true,
  summary: 'The predefined widget catalogue: categories with their description and widgets (key, name, description, chart kind, unit)',
  schema: {},
  handler: async (): Promise<MetricTemplatesAnswer> => metricTemplates(),
});

/** Spec part 1 §7 `GET /metrics/{id}`. */
export const metricDetailRoute = route({
  method: 'GET',
  url: '/metrics/:metricId',
  access: METRICS_ACCESS,
  keepNulls: true,
  summary: 'A metric (custom or predefined) with its series, owner and dashboards',
  schema: { params: metricParams },
  handler: async ({ params, deps, sql: run, projectId, caller }): Promise<Metric> => {
    const metric = await requireVisibleMetric(run, projectId, params.metricId, caller);
    return (await metricViews(deps, run, projectId, caller, [metric]))[0]!;
  },
});

/** Spec part 1 §7 `POST /metrics`: saves a custom metric (spec defaults for what the body leaves out). */
export const createMetricRoute = route({
  method: 'POST',
  url: '/metrics',
  access: METRICS_ACCESS,
  keepNulls: true,
  summary: "Save a custom metric (name, metricType, metricOf, metricValue, metricFormat, viewType, series, isPublic); defaults: 'New Metric', timeseries of sessionCount as a lineChart, one series, public",
  schema: { body: metricBody },
  handler: async ({ body, deps, sql: run, projectId, caller }): Promise<Metric> => {
    const definition = metricDefinition(body);
    assertReadable(deps, projectId, definition, await readerContext(deps, projectId, caller));
    const created = await run.transaction((tx) => insertMetric(tx, projectId, caller.userId, definition));
    return (await metricViews(deps, run, projectId, caller, [created]))[0]!;
  },
});

/** Spec part 1 §7 `PUT /metrics/{id}`: changes what the body gives (its author only; predefined metrics never). */
export const updateMetricRoute = route({
  method: 'PUT',
  url: '/metrics/:metricId',
  access: METRICS_ACCESS,
  keepNulls: true,
  summary: 'Change a custom metric (its author only): the fields given; series with their seriesId are kept, others added, missing ones removed',
  schema: { params: metricParams, body: metricBody },
  handler: async ({ params, body, deps, sql: run, projectId, caller }): Promise<Metric> => {
    const current = await requireEditableMetric(run, projectId, params.metricId, caller, 'change');
    const definition = metricDefinition(body, storedDefinition(current));
    assertReadable(deps, projectId, definition, await readerContext(deps, projectId, caller));
    const updated = await run.transaction((tx) => updateMetric(tx, projectId, params.metricId, definition));
    if (!updated) throw notFound(METRIC_NOT_FOUND);
    return (await metricViews(deps, run, projectId, caller, [updated]))[0]!;
  },
});

/** Spec part 1 §7 `DELETE /metrics/{id}`: its author only; it leaves every dashboard holding it. */
export const deleteMetricRoute = defineRoute({
  method: 'DELETE',
  url: '/metrics/:metricId',
  access: METRICS_ACCESS,
  keepNulls: true,
  summary: 'Delete a custom metric (its author only); its widgets leave every dashboard',
  schema: { params: metricParams },
  handler: async ({ params, sql: run, projectId, caller }): Promise<DeletedAnswer> => {
    await requireEditableMetric(run, projectId, params.metricId, caller, 'delete');
    if (!(await deleteMetric(run, projectId, params.metricId))) throw notFound(METRIC_NOT_FOUND);
    return { deleted: true };
  },
});
