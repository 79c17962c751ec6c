import type { BreakdownDimension, SessionSearchFilter } from '@cassette/plugin-sessions/api';
import type { MetricFormat, MetricOf, MetricType, TableMetricOf } from '../../shared/metric.js';
import type { MetricDefinition } from '../input/metric-input.js';
import type { StoredMetric } from '../store/metric-store.js';

/** What a chart reads of a metric, saved or tried. */
export interface ChartableMetric {
  projectId: number;
  name: string;
  metricType: MetricType;
  metricOf: MetricOf;
  metricValue: string[];
  metricFormat: MetricFormat;
  series: { seriesId: number | null; index: number; name: string; filter: SessionSearchFilter }[];
}

export function savedChartable(m: StoredMetric): ChartableMetric {
  return { ...m, series: m.series.map((s) => ({ ...s })) };
}

/** A metric being tried (`/metrics/try`): its series have no ids yet, unless the body gave them. */
export function triedChartable(projectId: number, m: MetricDefinition): ChartableMetric {
  return { projectId, ...m, series: m.series.map((s, index) => ({ seriesId: s.seriesId ?? null, index, name: s.name, filter: s.filter })) };
}

/** What the analytics service breaks a table metric down by. */
export const TABLE_DIMENSION: Record<TableMetricOf, BreakdownDimension> = {
  issues: 'issue',
  browsers: 'browser',
  devices: 'device',
  countries: 'country',
  urls: 'url',
};
