import { badRequest } from '@cassette/plugin-sdk/server';
import type { AnalyticsRange, FilterCompileContext } from '@cassette/plugin-sessions/api';
import { METRIC_SESSIONS_PAGE_SIZE, type MetricSessionsAnswer, type MetricSessionsRequest, type SeriesSessions } from '../../shared/chart.js';
import type { TableMetricOf } from '../../shared/metric.js';
import type { MetricsDeps } from '../deps.js';
import { TABLE_DIMENSION, type ChartableMetric } from './chartable.js';
import { refusePredefined } from './metric-chart.js';
import { resolvePeriod } from './period.js';

type SessionsDeps = Pick<MetricsDeps, 'analytics' | 'summaries'>;

/** The drill-down window (a point's bucket, a dragged span) when given, else the period. */
function drillDownRange(request: MetricSessionsRequest): AnalyticsRange {
  const { drillDownStart, drillDownEnd } = request;
  if (drillDownStart === undefined && drillDownEnd === undefined) return resolvePeriod(request);
  if (drillDownStart === undefined || drillDownEnd === undefined) throw badRequest('Give both drillDownStart and drillDownEnd (epoch ms), or neither for the whole period.');
  if (drillDownStart > drillDownEnd) throw badRequest(`drillDownStart (${drillDownStart}) is after drillDownEnd (${drillDownEnd}).`);
  return { startDate: drillDownStart, endDate: drillDownEnd };
}

/** The series asked for: one by id (or by index in a try), else all. */
function chosenSeries(metric: ChartableMetric, request: MetricSessionsRequest): ChartableMetric['series'] {
  if (request.seriesId !== undefined) {
    const one = metric.series.find((s) => s.seriesId === request.seriesId);
    if (!one) throw badRequest(`seriesId ${request.seriesId} is not a series of this metric.`);
    return [one];
  }
  if (request.seriesIndex !== undefined) {
    const one = metric.series[request.seriesIndex];
    if (!one) throw badRequest(`seriesIndex ${request.seriesIndex} is out of range: this metric has ${metric.series.length} series.`);
    return [one];
  }
  return metric.series;
}

/**
 * The sessions behind a point (the drill-down window) or a table row (`value`, over the
 * period), per series, newest first, as the session list shows them (viewed and favorite are the viewer's).
 */
export async function metricSessions(deps: SessionsDeps, metric: ChartableMetric, request: MetricSessionsRequest, context: FilterCompileContext, viewerId: number): Promise<MetricSessionsAnswer> {
  refusePredefined(metric);
  const range = drillDownRange(request);
  if (request.value !== undefined && metric.metricType !== 'table') throw badRequest('value picks a row of a table metric; a timeseries drills down by its window (drillDownStart, drillDownEnd).');
  const row = request.value !== undefined ? { by: TABLE_DIMENSION[metric.metricOf as TableMetricOf], name: request.value } : undefined;
  const limit = request.limit ?? METRIC_SESSIONS_PAGE_SIZE;
  const offset = ((request.page ?? 1) - 1) * limit;
  const series = await Promise.all(
    chosenSeries(metric, request).map(async (s): Promise<SeriesSessions> => {
      const page = await deps.analytics.seriesSessions({ projectId: metric.projectId, filter: s.filter, range, ...(row ? { row } : {}), limit, offset }, context);
      const sessions = page.sessionIds.length ? await deps.summaries.summaries(metric.projectId, page.sessionIds, viewerId) : [];
      return { seriesId: s.seriesId, index: s.index, name: s.name, sessions, total: page.total };
    }),
  );
  return { metricType: metric.metricType, series };
}
