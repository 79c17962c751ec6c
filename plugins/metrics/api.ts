// Public surface of the metrics plugin: the wire types its routes answer and take (shared/), as types only.
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
