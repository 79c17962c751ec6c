// The chart and drill-down calls of a metric: `POST /metrics/{id}/chart`, `POST /metrics/try`,
// `POST /metrics/{id}/sessions`, `POST /metrics/try/sessions`.
import type { SessionSummary } from '@cassette/plugin-sessions/api';
import type { MetricBody, MetricFormat, MetricOf, MetricType } from './metric.js';

/** Spec §9: chart density (points of a timeseries) 70 by default (overview widgets 7). */
export const DEFAULT_DENSITY = 70;
export const MAX_DENSITY = 1000;
/** Spec §9: a metric's sessions list shows 10 a page. */
export const METRIC_SESSIONS_PAGE_SIZE = 10;
export const METRIC_SESSIONS_MAX_LIMIT = 50;
/** Rows a table chart answers (the card shows 5, the pie its top 5; the rest are counted in `others`). */
export const TABLE_ROWS_LIMIT = 100;

/** The period a chart reads: both ends epoch ms, inclusive; the past 7 days when neither is given. */
export interface ChartPeriod {
  startTimestamp?: number;
  endTimestamp?: number;
}

/** `POST /metrics/{id}/chart`. */
export interface MetricChartRequest extends ChartPeriod {
  /** Points of a timeseries over the period (1..1000, default 70). */
  density?: number;
  /** Also answer the previous period of the same length, just before this one. */
  compare?: boolean;
  /** Echoed back unchanged, so the caller matches answers to the requests it still waits for. */
  key?: string;
}

/** `POST /metrics/try`: a metric not saved (or being edited) and the chart question. */
export interface MetricTryRequest extends MetricBody, MetricChartRequest {}

export interface ChartPoint {
  /** The bucket's start, epoch ms. */
  timestamp: number;
  value: number;
}

/** One series of a timeseries chart. */
export interface SeriesChart {
  /** null in a try of a series not saved yet. */
  seriesId: number | null;
  index: number;
  name: string;
  points: ChartPoint[];
  /** Over the period; users are distinct over it (not a sum of the points). */
  total: number;
  /** With `compare`: the previous period, bucket for bucket (same widths, the same number of points). */
  previous?: { points: ChartPoint[]; total: number };
}

export interface TimeseriesChart {
  metricType: 'timeseries';
  metricOf: MetricOf;
  startTimestamp: number;
  endTimestamp: number;
  /** Bucket width in ms: ceil(period / density), at least a minute. */
  bucketMs: number;
  /** With `compare`: the previous period's ends. */
  previousPeriod?: { startTimestamp: number; endTimestamp: number };
  series: SeriesChart[];
  key?: string;
}

export interface TableRow {
  /** As stored: a browser, a device type, a country code, a path, an issue type. */
  name: string;
  /** What the table shows: the list name ('Click Rage'), else the name. */
  label: string;
  /** Sessions or users (metricFormat). */
  value: number;
  /** value / total × 100, one decimal. */
  share: number;
}

export interface TableChart {
  metricType: 'table';
  metricOf: MetricOf;
  metricFormat: MetricFormat;
  startTimestamp: number;
  endTimestamp: number;
  /** Largest first. */
  rows: TableRow[];
  /** Distinct sessions (or users) of the series over the period, with or without a row. */
  total: number;
  /** Rows left off after TABLE_ROWS_LIMIT. */
  others: number;
  /** With `compare`: the previous period's total. */
  previous?: { total: number };
  key?: string;
}

export type MetricChart = TimeseriesChart | TableChart;

/** `POST /metrics/{id}/sessions` and `/metrics/try/sessions`. */
export interface MetricSessionsRequest extends ChartPeriod {
  /** Only this series (by id; by `seriesIndex` in a try); every series when neither is given. */
  seriesId?: number;
  seriesIndex?: number;
  /** The drill-down window (a point's bucket, a dragged span): both or neither, within the period. */
  drillDownStart?: number;
  drillDownEnd?: number;
  /** A table row's `name`: only the sessions in that row. */
  value?: string;
  /** 1-based. */
  page?: number;
  /** 10 by default, at most 50. */
  limit?: number;
}

export interface MetricTrySessionsRequest extends MetricBody, MetricSessionsRequest {}

export interface SeriesSessions {
  seriesId: number | null;
  index: number;
  name: string;
  /** Newest first. */
  sessions: SessionSummary[];
  total: number;
}

export interface MetricSessionsAnswer {
  metricType: MetricType;
  series: SeriesSessions[];
}
