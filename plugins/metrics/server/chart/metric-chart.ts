import { badRequest } from '@cassette/plugin-sdk/server';
import type { AnalyticsRange, FilterCompileContext } from '@cassette/plugin-sessions/api';
import { TABLE_ROWS_LIMIT, type MetricChart, type MetricChartRequest, type SeriesChart, type TableChart, type TimeseriesChart } from '../../shared/chart.js';
import { catalogueWidget } from '../../shared/catalogue.js';
import { ALL_ISSUES, type TableMetricOf, type TimeseriesMetricOf } from '../../shared/metric.js';
import type { MetricsDeps } from '../deps.js';
import { TABLE_DIMENSION, type ChartableMetric } from './chartable.js';
import { ISSUE_LABELS } from './issue-labels.js';
import { bucketWidth, previousPeriod, resolvePeriod } from './period.js';

type ChartDeps = Pick<MetricsDeps, 'analytics'>;

const share = (value: number, total: number) => (total > 0 ? Math.round((value / total) * 1000) / 10 : 0);

/** A predefined widget is computed by its own call, not by the custom metric's chart. */
export function refusePredefined(metric: ChartableMetric): void {
  if (metric.metricType !== 'predefined') return;
  const widget = catalogueWidget(metric.metricOf);
  throw badRequest(`${widget?.name ?? metric.name} is a predefined widget: it is charted by POST /dashboard/${metric.metricOf}, not as a custom metric.`);
}

async function timeseriesChart(deps: ChartDeps, metric: ChartableMetric, request: MetricChartRequest, range: AnalyticsRange, context: FilterCompileContext): Promise<TimeseriesChart> {
  const bucketMs = bucketWidth(range, request.density);
  const measure = metric.metricOf as TimeseriesMetricOf;
  const previous = request.compare ? previousPeriod(range) : null;
  const series = await Promise.all(
    metric.series.map(async (s): Promise<SeriesChart> => {
      const ask = (r: AnalyticsRange) => deps.analytics.series({ projectId: metric.projectId, filter: s.filter, range: r, bucketMs, measure }, context);
      const [current, before] = await Promise.all([ask(range), previous ? ask(previous) : null]);
      return { seriesId: s.seriesId, index: s.index, name: s.name, points: current.points, total: current.total, ...(before ? { previous: { points: before.points, total: before.total } } : {}) };
    }),
  );
  return {
    metricType: 'timeseries',
    metricOf: metric.metricOf,
    startTimestamp: range.startDate,
    endTimestamp: range.endDate,
    bucketMs,
    ...(previous ? { previousPeriod: { startTimestamp: previous.startDate, endTimestamp: previous.endDate } } : {}),
    series,
    ...(request.key !== undefined ? { key: request.key } : {}),
  };
}

async function tableChart(deps: ChartDeps, metric: ChartableMetric, request: MetricChartRequest, range: AnalyticsRange, context: FilterCompileContext): Promise<TableChart> {
  const series = metric.series[0]!;
  const by = TABLE_DIMENSION[metric.metricOf as TableMetricOf];
  const ask = (r: AnalyticsRange) => deps.analytics.breakdown({ projectId: metric.projectId, filter: series.filter, range: r, by, measure: metric.metricFormat, limit: TABLE_ROWS_LIMIT }, context);
  const [answer, before] = await Promise.all([ask(range), request.compare ? ask(previousPeriod(range)) : null]);
  // Issues: only the chosen types, unless all.
  const chosen = metric.metricOf === 'issues' && !metric.metricValue.includes(ALL_ISSUES) ? new Set(metric.metricValue) : null;
  const rows = answer.rows.filter((r) => !chosen || chosen.has(r.name));
  return {
    metricType: 'table',
    metricOf: metric.metricOf,
    metricFormat: metric.metricFormat,
    startTimestamp: range.startDate,
    endTimestamp: range.endDate,
    rows: rows.map((r) => ({ name: r.name, label: by === 'issue' ? (ISSUE_LABELS[r.name] ?? r.name) : r.name, value: r.value, share: share(r.value, answer.total) })),
    total: answer.total,
    others: answer.others,
    ...(before ? { previous: { total: before.total } } : {}),
    ...(request.key !== undefined ? { key: request.key } : {}),
  };
}

/** A custom metric's chart over the request's period: per series points (timeseries), or rows (table). */
export async function metricChart(deps: ChartDeps, metric: ChartableMetric, request: MetricChartRequest, context: FilterCompileContext): Promise<MetricChart> {
  refusePredefined(metric);
  const range = resolvePeriod(request);
  return metric.metricType === 'table' ? tableChart(deps, metric, request, range, context) : timeseriesChart(deps, metric, request, range, context);
}

