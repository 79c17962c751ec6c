// The wire types the pages read and send (the plugin's shared types; see shared/ once the routes land).
import type { SessionSearchFilter, SessionSummary } from '@cassette/plugin-sessions/api';

export type MetricType = 'timeseries' | 'table' | 'predefined';
export type MetricOf = string;
export type ViewType = 'lineChart' | 'progress' | 'table' | 'pieChart' | 'overview' | (string & {});

export interface MetricSeries {
  seriesId?: number;
  index: number;
  name: string;
  filter: SessionSearchFilter;
}

export interface Metric {
  metricId: number;
  name: string;
  metricType: MetricType;
  metricOf: MetricOf;
  metricValue: string[];
  metricFormat: string;
  viewType: ViewType;
  series: MetricSeries[];
  isPublic: boolean;
  owner?: string;
  lastModified?: number;
  dashboards?: { dashboardId: number; name: string }[];
  predefinedKey?: string | null;
}

/** A metric before it is saved, as the editor keeps it. */
export type MetricDraft = Omit<Metric, 'metricId'> & { metricId?: number };

export interface WidgetConfig {
  position: number;
  col: number;
  row: number;
}

export interface Widget extends Metric {
  widgetId: number;
  config: WidgetConfig;
}

export interface Dashboard {
  dashboardId: number;
  name: string;
  isPublic: boolean;
  isPinned: boolean;
  widgets: Widget[];
}

export interface DashboardInput {
  name: string;
  isPublic: boolean;
  metrics?: number[];
}

/** One point of a series chart: the bucket's start and a value per series name. */
export interface ChartPoint {
  timestamp: number;
  [seriesName: string]: number;
}

export interface TimeseriesChart {
  chart: ChartPoint[];
}

export interface TableChartRow {
  name: string;
  sessionCount: number;
}

export interface TableChart {
  total: number;
  values: TableChartRow[];
}

export interface ChartBody {
  startTimestamp: number;
  endTimestamp: number;
  density?: number;
}

export interface MetricSessionsAnswer {
  total: number;
  sessions: SessionSummary[];
}

export interface MetricSessionsBody extends ChartBody {
  page: number;
  limit: number;
  /** A clicked table row's value. */
  key?: string;
}

export interface TemplateCategory {
  category: string;
  description: string;
  widgets: { key: string; name: string; viewType?: ViewType; predefinedKey?: string; metricId?: number }[];
}
