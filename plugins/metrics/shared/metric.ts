// What the metrics routes answer and take for custom metrics (spec part 1 §3 "Metric / widget",
// "Series"; part 2 §3 "Custom metric"). The pages and the server read the same types.
import type { SessionSearchFilter } from '@cassette/plugin-sessions/api';
import type { CatalogueChart } from './catalogue.js';

/** `predefined`: a widget of the catalogue (shared/catalogue.ts), its key in `metricOf`. */
export type MetricType = 'timeseries' | 'table' | 'predefined';
/** Spec "Metric-of options": Session Count, Users (timeseries). */
export type TimeseriesMetricOf = 'sessionCount' | 'userCount';
/** Spec "Metric-of options": Issues, Browsers, Devices, Countries, URLs (table). */
export type TableMetricOf = 'issues' | 'browsers' | 'devices' | 'countries' | 'urls';
/** A custom metric's option, or a predefined metric's catalogue key. */
export type MetricOf = TimeseriesMetricOf | TableMetricOf | (string & {});
/** lineChart and progress for timeseries; table and pieChart for table. */
export type CustomViewType = 'lineChart' | 'progress' | 'table' | 'pieChart';
/** A custom metric's view, or a predefined metric's catalogue chart kind (overview, areaChart, map, ...). */
export type ViewType = CustomViewType | CatalogueChart;
/** What a table metric's rows count: sessions (default) or users. */
export type MetricFormat = 'sessionCount' | 'userCount';

export const TIMESERIES_METRIC_OF: readonly TimeseriesMetricOf[] = ['sessionCount', 'userCount'];
export const TABLE_METRIC_OF: readonly TableMetricOf[] = ['issues', 'browsers', 'devices', 'countries', 'urls'];
export const TIMESERIES_VIEW_TYPES: readonly CustomViewType[] = ['lineChart', 'progress'];
export const TABLE_VIEW_TYPES: readonly CustomViewType[] = ['table', 'pieChart'];
export const METRIC_FORMATS: readonly MetricFormat[] = ['sessionCount', 'userCount'];

/** The options' names as the editor shows them (spec "Metric-of options"). */
export const METRIC_OF_LABELS: Record<TimeseriesMetricOf | TableMetricOf, string> = {
  sessionCount: 'Session Count',
  userCount: 'Users',
  issues: 'Issues',
  browsers: 'Browsers',
  devices: 'Devices',
  countries: 'Countries',
  urls: 'URLs',
};

export const DEFAULT_METRIC_NAME = 'New Metric';
export const DEFAULT_SERIES_NAME = 'Filter Series';
/** Spec §5 / §9: at most 3 series; a table metric has exactly one. */
export const MAX_SERIES = 3;
export const METRIC_NAME_MAX = 100;
/** Spec §9: the metric list shows 15 a page. */
export const METRICS_PAGE_SIZE = 15;
/** Choosing Issues sets metricValue to this (every issue type). */
export const ALL_ISSUES = 'all';

/** One series: a saved session search filter whose sessions the metric counts. */
export interface Series {
  seriesId: number;
  /** 0-based, its place in the metric. */
  index: number;
  name: string;
  filter: SessionSearchFilter;
}

/** What a metric is, wherever it is kept: the answer, the stored row, the editor's draft. */
export interface MetricOptions {
  name: string;
  metricType: MetricType;
  metricOf: MetricOf;
  /** Issues: the issue types counted (['all'] for every one); empty otherwise. */
  metricValue: string[];
  metricFormat: MetricFormat;
  viewType: ViewType;
  isPublic: boolean;
}

/** A metric as `GET /metrics/{id}` answers it. */
export interface Metric extends MetricOptions {
  metricId: number;
  projectId: number;
  /** The author (null for a predefined metric: the system made it). */
  userId: number | null;
  /** The author's e-mail ('' for a predefined metric). */
  owner: string;
  series: Series[];
  /** The catalogue key of a predefined metric, else null. */
  predefinedKey: string | null;
  /** Epoch ms. */
  createdAt: number;
  /** Epoch ms: the last edit, else the creation. */
  lastModified: number;
  /** The dashboards (visible to the caller) holding it as a widget. */
  dashboards: { dashboardId: number; name: string }[];
}

/** `GET /metrics?page&limit&query`: custom metrics (own and public), last modified first. */
export interface MetricsPage {
  metrics: Metric[];
  total: number;
  page: number;
  limit: number;
}

/** A series as a metric body gives it: a known seriesId keeps that series (renamed, refiltered). */
export interface SeriesInput {
  seriesId?: number;
  name?: string;
  filter?: SessionSearchFilter;
}

/** `POST /metrics`, `PUT /metrics/{id}`, `POST /dashboards/{id}/metrics`, and the metric part of `POST /metrics/try`. */
export interface MetricBody {
  name?: string;
  metricType?: 'timeseries' | 'table';
  metricOf?: TimeseriesMetricOf | TableMetricOf;
  metricValue?: string[];
  metricFormat?: MetricFormat;
  viewType?: CustomViewType;
  series?: SeriesInput[];
  isPublic?: boolean;
}
