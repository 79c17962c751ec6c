// What the dashboards routes answer and take (spec part 1 §3 "Dashboard", "Metric / widget").
import type { Metric, MetricBody } from './metric.js';

export const DEFAULT_DASHBOARD_NAME = 'New Dashboard';
export const DASHBOARD_NAME_MAX = 100;
/** Spec §9: a widget spans 2 columns by default. */
export const DEFAULT_WIDGET_COL = 2;
/** The grid has 4 columns. */
export const MAX_WIDGET_COL = 4;
/** The name a widget whose name is blank gets on commit. */
export const DEFAULT_WIDGET_NAME = 'New Widget';

/** Where a widget sits: `position` orders the dashboard (0-based), `col` its column span, `row` its height in rows. */
export interface WidgetConfig {
  position: number;
  col: number;
  row: number;
}

/** A metric placed on a dashboard. */
export interface Widget extends Metric {
  widgetId: number;
  dashboardId: number;
  config: WidgetConfig;
  /** = config.position */
  position: number;
  /** = config.col */
  colSpan: number;
}

/** `GET /dashboards/{id}`; `GET /dashboards` answers them all with their widgets. */
export interface Dashboard {
  dashboardId: number;
  projectId: number;
  userId: number;
  owner: string;
  name: string;
  description: string;
  isPublic: boolean;
  isPinned: boolean;
  /** Sorted by position. */
  widgets: Widget[];
  /** The metric ids of its widgets, in the widgets' order. */
  metrics: number[];
  createdAt: number;
}

/** `POST /dashboards` and `PUT /dashboards/{id}` (`dashboardId` in the body is ignored: the path decides). */
export interface DashboardBody {
  dashboardId?: number;
  name?: string;
  description?: string;
  isPublic?: boolean;
  isPinned?: boolean;
  /** Metric ids to add as widgets (those already on it are kept once). */
  metrics?: number[];
}

/** `POST /dashboards/{id}/widgets`: an existing metric, or a catalogue key (shared/catalogue.ts); optional placement. */
export interface AddWidgetBody {
  metricId?: number;
  predefinedKey?: string;
  config?: Partial<WidgetConfig>;
}

/** `PUT /dashboards/{id}/widgets/{widgetId}`. */
export interface UpdateWidgetBody {
  config: Partial<WidgetConfig>;
}

/** `POST /dashboards/{id}/metrics` (creates a metric, adds it) and `PUT /dashboards/{id}/metrics/{widgetId}` (changes the widget's metric). */
export interface DashboardMetricBody extends MetricBody {
  config?: Partial<WidgetConfig>;
}

/** `DELETE /dashboards/{id}`, `DELETE /dashboards/{id}/widgets/{widgetId}`, `DELETE /metrics/{id}`. */
export interface DeletedAnswer {
  deleted: true;
}
