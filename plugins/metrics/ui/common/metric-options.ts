// What a custom metric can count and how it is drawn (spec part 1 §3, §9; part 2 §9).
import { ALL_ISSUES as ALL, METRIC_OF_LABELS, TABLE_METRIC_OF, TIMESERIES_METRIC_OF } from '../../shared/metric.js';
import type { MetricOf, MetricType, ViewType } from '../wire.js';

export interface Choice<V extends string> {
  value: V;
  label: string;
}

export const METRIC_TYPES: readonly Choice<'timeseries' | 'table'>[] = [
  { value: 'timeseries', label: 'Timeseries' },
  { value: 'table', label: 'Table' },
];

/** A timeseries counts sessions or users over time; the first is what a new one counts. */
export const TIMESERIES_OPTIONS: readonly Choice<MetricOf>[] = TIMESERIES_METRIC_OF.map((value) => ({ value, label: METRIC_OF_LABELS[value] }));

/** A table breaks sessions down by one attribute; the first (Issues) is what a new one shows. */
export const TABLE_OPTIONS: readonly Choice<MetricOf>[] = TABLE_METRIC_OF.map((value) => ({ value, label: METRIC_OF_LABELS[value] }));

/** Timeseries gets Chart or Progress; table gets Table or pie Chart. */
export const TIMESERIES_VIEWS: readonly Choice<ViewType>[] = [
  { value: 'lineChart', label: 'Chart' },
  { value: 'progress', label: 'Progress' },
];
export const TABLE_VIEWS: readonly Choice<ViewType>[] = [
  { value: 'table', label: 'Table' },
  { value: 'pieChart', label: 'Chart' },
];

export const metricOfOptions = (type: MetricType) => (type === 'table' ? TABLE_OPTIONS : TIMESERIES_OPTIONS);
export const viewOptions = (type: MetricType) => (type === 'table' ? TABLE_VIEWS : TIMESERIES_VIEWS);

/** The metric-of that means issues: choosing it sets metricValue to all. */
export const ISSUE_METRIC_OF: MetricOf = 'issues';
export const ALL_ISSUES: readonly string[] = [ALL];

export function metricOfLabel(type: MetricType, metricOf: MetricOf): string {
  return metricOfOptions(type).find((o) => o.value === metricOf)?.label ?? metricOf;
}
