// Public surface of the metrics plugin: the wire types its routes answer and take (shared/), as
// types only, and the slots its UI offers other plugins.
import { createServiceRef, createSlot } from '@cassette/plugin-sdk';
import type { Widget } from './shared/dashboard.js';
import type { Series, TimeseriesMetricOf } from './shared/metric.js';

export type {
  Metric,
  MetricBody,
  MetricFormat,
  MetricOf,
  MetricsPage,
  MetricType,
  Series,
  SeriesInput,
  TableMetricOf,
  TimeseriesMetricOf,
  CustomViewType,
  ViewType,
} from './shared/metric.js';
export type {
  ChartPeriod,
  ChartPoint,
  MetricChart,
  MetricChartRequest,
  MetricSessionsAnswer,
  MetricSessionsRequest,
  MetricTryRequest,
  MetricTrySessionsRequest,
  SeriesChart,
  SeriesSessions,
  TableChart,
  TableRow,
  TimeseriesChart,
} from './shared/chart.js';
export type { AddWidgetBody, Dashboard, DashboardBody, DashboardMetricBody, DeletedAnswer, UpdateWidgetBody, Widget, WidgetConfig } from './shared/dashboard.js';
export type { CatalogueCategory, CatalogueCategoryInfo, CatalogueChart, CatalogueUnit, CatalogueWidget, MetricTemplatesAnswer, TemplateCategory } from './shared/catalogue.js';

/** Props of the 'Set Alert' place on a dashboard card: the alerts plugin opens its form prefilled with the widget's first series. */
export interface WidgetAlertProps {
  projectId: number;
  widget: Widget;
}

/** Props of the dashboards area's links (beside Dashboards and Metrics): other plugins add their panels there. */
export interface DashboardLinksProps {
  projectId: number;
}

/** Slots the metrics plugin's UI offers. */
export const metricsSlots = {
  /** Links in the header of the dashboards and metrics pages; the alerts plugin adds 'Alerts'. */
  dashboardLinks: createSlot<DashboardLinksProps>('metrics.dashboard.links'),
  /** The bell on a dashboard card (tooltip 'Set Alert'); the alerts plugin fills it. */
  widgetAlert: createSlot<WidgetAlertProps>('metrics.dashboard.widgetAlert'),
} as const;

/** A custom timeseries metric's series, as another plugin (an alert) reads it. */
export interface MetricSeriesDefinition {
  metricId: number;
  metricName: string;
  /** What the series counts per bucket: sessions or users. */
  metricOf: TimeseriesMetricOf;
  series: Series;
}

/**
 * The project's custom timeseries metrics a member may see (their own and the public ones),
 * series by series: alerts watch one series of one metric.
 */
export interface MetricSeriesReader {
  list(projectId: number, userId: number): Promise<MetricSeriesDefinition[]>;
  /** One series, when the member may see its metric and it is a timeseries; null otherwise. */
  get(projectId: number, userId: number, metricId: number, seriesIndex: number): Promise<MetricSeriesDefinition | null>;
}

export const metricsServices = {
  seriesReader: createServiceRef<MetricSeriesReader>('metrics.seriesReader'),
} as const;
