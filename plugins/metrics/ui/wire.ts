// The wire types the pages read and send: the plugin's shared types, plus the editor's draft.
import type { SessionSearchFilter } from '@cassette/plugin-sessions/api';
import type { MetricOptions } from '../shared/metric.js';

export type { Metric, MetricBody, MetricFormat, MetricOf, MetricsPage, MetricType, Series, ViewType } from '../shared/metric.js';
export type { ChartPoint, MetricChart, MetricChartRequest, MetricSessionsAnswer, MetricSessionsRequest, SeriesChart, TableChart, TableRow, TimeseriesChart } from '../shared/chart.js';
export type { AddWidgetBody, Dashboard, DashboardBody, Widget, WidgetConfig } from '../shared/dashboard.js';
export type { CatalogueChart, CatalogueUnit, CatalogueWidget, MetricTemplatesAnswer, TemplateCategory } from '../shared/catalogue.js';

/** A series as the editor keeps it: a new one has no id yet. */
export interface DraftSeries {
  seriesId?: number;
  index: number;
  name: string;
  filter: SessionSearchFilter;
}

/** A custom metric as the editor keeps it, before (or between) saves. */
export interface MetricDraft extends MetricOptions {
  series: DraftSeries[];
}
