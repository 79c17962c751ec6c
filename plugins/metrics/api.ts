// Public surface of the metrics plugin: the wire types its routes answer and take (shared/), as
// types only, and the slots its UI offers other plugins.
import { createSlot } from '@cassette/plugin-sdk';
import type { Widget } from './shared/dashboard.js';

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

/** Slots the metrics plugin's UI offers. */
export const metricsSlots = {
  /** The bell on a dashboard card (tooltip 'Set Alert'); the alerts plugin fills it. */
  widgetAlert: createSlot<WidgetAlertProps>('metrics.dashboard.widgetAlert'),
} as const;
