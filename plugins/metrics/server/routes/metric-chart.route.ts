import { Type } from '@sinclair/typebox';
import type { MetricChart, MetricSessionsAnswer } from '../../shared/chart.js';
import { route } from '../deps.js';
import { savedChartable, triedChartable } from '../chart/chartable.js';
import { metricChart } from '../chart/metric-chart.js';
import { metricSessions } from '../chart/metric-sessions.js';
import { chartRequestProperties, metricBodyProperties, metricParams, sessionsRequestProperties } from '../input/metric-body.schema.js';
import { metricDefinition } from '../input/metric-input.js';
import { readerContext } from '../input/readable-series.js';
import { METRICS_ACCESS, requireVisibleMetric } from './metrics-access.js';

/** Spec part 1 §7 `POST /metrics/{id}/chart`: the metric's chart over a period (the past 7 days by default), density points, optionally against the previous period. */
export const metricChartRoute = route({
  method: 'POST',
  url: '/metrics/:metricId/chart',
  access: METRICS_ACCESS,
  keepNulls: true,
  summary: "A custom metric's chart: per series points (timeseries) or rows (table) over startTimestamp..endTimestamp, density points (70), compare for the previous period",
  schema: { params: metricParams, body: Type.Object(chartRequestProperties, { additionalProperties: false }) },
  handler: async ({ params, body, deps, sql: run, projectId, caller }): Promise<MetricChart> => {
    const metric = await requireVisibleMetric(run, projectId, params.metricId, caller);
    return metricChart(deps, savedChartable(metric), body, await readerContext(deps, projectId, caller));
  },
});

/** Spec part 1 §7 `POST /metrics/try`: the chart of a metric not saved (the editor's preview). */
export const tryMetricChartRoute = route({
  method: 'POST',
  url: '/metrics/try',
  access: METRICS_ACCESS,
  keepNulls: true,
  summary: 'The chart of a metric given in the body (the editor preview), as POST /metrics/{id}/chart answers it',
  schema: { body: Type.Object({ ...metricBodyProperties, ...chartRequestProperties }, { additionalProperties: false }) },
  handler: async ({ body, deps, projectId, caller }): Promise<MetricChart> => metricChart(deps, triedChartable(projectId, metricDefinition(body)), body, await readerContext(deps, projectId, caller)),
});

/** Spec part 1 §7 `POST /metrics/{id}/sessions`: the sessions behind a point (drill-down window) or a table row (value), per series, 10 a page. */
export const metricSessionsRoute = route({
  method: 'POST',
  url: '/metrics/:metricId/sessions',
  access: METRICS_ACCESS,
  keepNulls: true,
  summary: "The sessions behind a metric's point (drillDownStart..drillDownEnd) or table row (value), per series or one (seriesId), newest first, page of limit (10)",
  schema: { params: metricParams, body: Type.Object(sessionsRequestProperties, { additionalProperties: false }) },
  handler: async ({ params, body, deps, sql: run, projectId, caller }): Promise<MetricSessionsAnswer> => {
    const metric = await requireVisibleMetric(run, projectId, params.metricId, caller);
    return metricSessions(deps, savedChartable(metric), body, await readerContext(deps, projectId, caller), caller.userId);
  },
});

/** Spec part 1 §7 `POST /metrics/try/sessions`: the same for a metric given in the body. */
export const tryMetricSessionsRoute = route({
  method: 'POST',
  url: '/metrics/try/sessions',
  access: METRICS_ACCESS,
  keepNulls: true,
  summary: 'The sessions behind a point or row of a metric given in the body (series by seriesIndex), as POST /metrics/{id}/sessions answers them',
  schema: { body: Type.Object({ ...metricBodyProperties, ...sessionsRequestProperties }, { additionalProperties: false }) },
  handler: async ({ body, deps, projectId, caller }): Promise<MetricSessionsAnswer> =>
    metricSessions(deps, triedChartable(projectId, metricDefinition(body)), body, await readerContext(deps, projectId, caller), caller.userId),
});
