// The predefined dashboard widgets (the catalogue of OpenReplay 1.6's 45 template keys), as the
// analytics query service answers them: `catalogueWidget(query, context)` of `sessions.analytics`.
// The metrics plugin carries their names and descriptions; this file only says what each key
// computes and the shape of its answer. Every number comes from what the tracker records; a
// widget whose data is not collected answers `unavailable` with the reason, never a made-up value.
import type { AnalyticsRange } from './analytics.js';
import type { SessionSearchFilter } from './search.js';

export const CATALOGUE_WIDGETS = {
  overview: [
    'count_sessions',
    'avg_request_load_time',
    'avg_page_load_time',
    'avg_image_load_time',
    'avg_dom_content_load_start',
    'avg_first_contentful_pixel',
    'avg_visited_pages',
    'avg_session_duration',
    'avg_pages_dom_buildtime',
    'avg_pages_response_time',
    'avg_response_time',
    'avg_first_paint',
    'avg_dom_content_loaded',
    'avg_till_first_byte',
    'avg_time_to_interactive',
    'count_requests',
    'avg_time_to_render',
    'avg_used_js_heap_size',
    'avg_cpu',
    'avg_fps',
  ],
  errors: ['impacted_sessions_by_js_errors', 'domains_errors_4xx', 'domains_errors_5xx', 'errors_per_domains', 'calls_errors', 'errors_per_type', 'resources_by_party'],
  performance: [
    'speed_location',
    'slowest_domains',
    'sessions_per_browser',
    'time_to_render',
    'impacted_sessions_by_slow_pages',
    'memory_consumption',
    'cpu',
    'fps',
    'crashes',
    'resources_vs_visually_complete',
    'pages_dom_buildtime',
    'pages_response_time',
    'pages_response_time_distribution',
  ],
  resources: ['missing_resources', 'slowest_resources', 'resources_loading_time', 'resource_type_vs_response_end', 'resources_count_by_type'],
} as const;

export type CatalogueCategory = keyof typeof CATALOGUE_WIDGETS;
export type CatalogueWidgetKey = (typeof CATALOGUE_WIDGETS)[CatalogueCategory][number];
export const CATALOGUE_WIDGET_KEYS: readonly CatalogueWidgetKey[] = Object.values(CATALOGUE_WIDGETS).flat();

/** Buckets of a chart (spec part 1 §9): 70 by default, 7 for the overview widgets. */
export const CATALOGUE_DENSITY = { chart: 70, overview: 7, max: 200 } as const;

/**
 * Widgets that read Developer Tools data (requests, resources, performance samples): a reader
 * without the Developer Tools permission gets a 403 for them (the dashboards hide them).
 */
export const CATALOGUE_DEV_TOOLS_WIDGETS: ReadonlySet<CatalogueWidgetKey> = new Set<CatalogueWidgetKey>([
  'avg_request_load_time',
  'avg_image_load_time',
  'count_requests',
  'avg_used_js_heap_size',
  'avg_cpu',
  'avg_fps',
  'domains_errors_4xx',
  'domains_errors_5xx',
  'errors_per_domains',
  'calls_errors',
  'errors_per_type',
  'resources_by_party',
  'slowest_domains',
  'memory_consumption',
  'cpu',
  'fps',
  'missing_resources',
  'slowest_resources',
  'resources_loading_time',
  'resource_type_vs_response_end',
  'resources_count_by_type',
]);

/** The widgets that narrow to one page (`value`: a visited path) or one resource (`value`: its URL) — OpenReplay's `GET /dashboard/{metricKey}/search`. */
export const CATALOGUE_SEARCHABLE_WIDGETS = {
  pages_dom_buildtime: 'page',
  pages_response_time: 'page',
  impacted_sessions_by_slow_pages: 'page',
  resources_loading_time: 'resource',
  slowest_resources: 'resource',
} as const satisfies Partial<Record<CatalogueWidgetKey, 'page' | 'resource'>>;
export type CatalogueSearchableWidget = keyof typeof CATALOGUE_SEARCHABLE_WIDGETS;

/** Resource kinds as the widgets group them (from the initiator the browser reports; requests are `fetch`). */
export const RESOURCE_KINDS = ['img', 'script', 'stylesheet', 'media', 'fetch', 'other'] as const;
export type ResourceKind = (typeof RESOURCE_KINDS)[number];

export interface CatalogueWidgetQuery {
  projectId: number;
  key: CatalogueWidgetKey;
  /**
   * Sessions started within the range, and their events within it. The previous period (the
   * overview's comparison) is the same length just before it.
   */
  range: AnalyticsRange;
  /** Buckets of the chart, 1 to CATALOGUE_DENSITY.max; default CATALOGUE_DENSITY.overview for overview widgets, else .chart. */
  density?: number;
  /** Narrows the sessions (a session search filter; its dates are ignored: `range` decides). */
  filter?: SessionSearchFilter;
  /** A searchable widget (CATALOGUE_SEARCHABLE_WIDGETS) narrowed to one page path or resource URL. */
  value?: string;
  /** resources_loading_time only: one kind of resource. */
  resourceKind?: ResourceKind;
}

export type CatalogueUnit = 'count' | 'ms' | 'bytes' | 'percent' | 'fps' | 'pages';

/** `timestamp`: the bucket's start, range.startDate + i * bucketMs. */
export interface CataloguePoint {
  timestamp: number;
  /** null: nothing measured in the bucket (an average of nothing), as opposed to a count of 0. */
  value: number | null;
}

interface AnswerBase {
  key: CatalogueWidgetKey;
  /** Width of the chart's buckets in ms (ceil of the range's length over the density). */
  bucketMs: number;
}

/** A headline number with the previous period's and a small chart (overview widgets). */
export interface CatalogueOverviewAnswer extends AnswerBase {
  kind: 'overview';
  unit: CatalogueUnit;
  /** Over the range; null when nothing was measured. */
  value: number | null;
  /** Over the same length just before the range. */
  previousValue: number | null;
  /** Change from the previous period in percent (one decimal); null when the previous value is 0 or null. */
  progress: number | null;
  chart: CataloguePoint[];
}

export interface CatalogueSeries {
  name: string;
  unit: CatalogueUnit;
  /** Over the whole range (an average over all its measurements, a count of distinct sessions, a sum of counts). */
  total: number | null;
}

/** One or several named values per bucket. */
export interface CatalogueTimeseriesAnswer extends AnswerBase {
  kind: 'timeseries';
  series: CatalogueSeries[];
  /** `values[name]` for every series of `series`. */
  chart: { timestamp: number; values: Record<string, number | null> }[];
  /** Rows beside the chart (crashes: per browser). */
  rows?: CatalogueTableRow[];
}

export interface CatalogueTableRow {
  /** What the row is: a domain, a URL, a browser, "GET host/path". */
  name: string;
  /** The ranked number (its unit is the answer's). */
  value: number;
  /** Further numbers named per widget (calls_errors: `4xx`, `5xx`, `all`; missing_resources: `sessions`, `firstSeen`, `lastSeen`). */
  details?: Record<string, number | string | null>;
  /** A small chart of the row over the range (the widget's density). */
  chart?: CataloguePoint[];
  /** Parts of the row (sessions_per_browser: its top versions). */
  parts?: { name: string; value: number }[];
}

/** Ranked rows, largest first. */
export interface CatalogueTableAnswer extends AnswerBase {
  kind: 'table';
  unit: CatalogueUnit;
  rows: CatalogueTableRow[];
  /** Over every row, not only the ones shown. */
  total: number;
  /** Rows left off. */
  others: number;
}

/** Values spread over equal-width buckets, with percentiles. */
export interface CatalogueDistributionAnswer extends AnswerBase {
  kind: 'distribution';
  unit: CatalogueUnit;
  /** How many values. */
  count: number;
  average: number | null;
  /** `from` inclusive, `to` exclusive (the last one inclusive), from 0 to the largest value. */
  buckets: { from: number; to: number; count: number }[];
  /** Nearest-rank percentiles (actual values): 50, 75, 90, 95, 99. */
  percentiles: { percentile: number; value: number }[];
}

/** A value per country (ISO code), for a map. */
export interface CatalogueMapAnswer extends AnswerBase {
  kind: 'map';
  unit: CatalogueUnit;
  /** Over every country, sessions without one included. */
  value: number | null;
  rows: { country: string; value: number; count: number }[];
}

/** The tracker does not collect what the widget needs. */
export interface CatalogueUnavailableAnswer {
  key: CatalogueWidgetKey;
  kind: 'unavailable';
  reason: string;
}

export type CatalogueWidgetAnswer =
  | CatalogueOverviewAnswer
  | CatalogueTimeseriesAnswer
  | CatalogueTableAnswer
  | CatalogueDistributionAnswer
  | CatalogueMapAnswer
  | CatalogueUnavailableAnswer;

/** `GET /dashboard/{metricKey}/search`: the pages or resources a searchable widget can narrow to. */
export interface CatalogueSearchQuery {
  projectId: number;
  key: CatalogueSearchableWidget;
  /** Contained in the path (pages) or URL (resources), case-insensitive; empty: any. */
  text: string;
  range: AnalyticsRange;
  limit: number;
}

/** Most frequent first. */
export interface CatalogueSearchAnswer {
  values: { value: string; count: number }[];
}
