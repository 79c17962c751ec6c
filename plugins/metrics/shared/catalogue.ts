// The predefined widget catalogue (the template keys of OpenReplay 1.6, spec part 2 §7
// `POST /dashboard/{widget}`): metadata only. Each widget is computed by the sessions plugin's
// analytics service; a dashboard places one as a metric of metricType 'predefined' whose metricOf
// is its key. `GET /metrics/templates` answers CATALOGUE_CATEGORIES with their widgets.

export type CatalogueCategory = 'overview' | 'errors' | 'performance' | 'resources';

/**
 * How the widget draws: `overview` a figure with its trend (density 7), `areaChart` / `lineChart`
 * / `barChart` a timeseries, `stackedBar` several timeseries stacked, `table` rows, `pieChart`
 * shares, `map` countries, `distribution` a histogram with percentiles, `scatter` two measures.
 */
export type CatalogueChart = 'overview' | 'areaChart' | 'lineChart' | 'barChart' | 'stackedBar' | 'table' | 'pieChart' | 'map' | 'distribution' | 'scatter';

/** The unit of the widget's values. */
export type CatalogueUnit = 'count' | 'sessions' | 'pages' | 'requests' | 'errors' | 'ms' | 'minutes' | 'percent' | 'MB' | 'bytes' | 'fps';

export interface CatalogueWidget {
  /** snake_case: the `/dashboard/{key}` path and a predefined metric's metricOf. */
  key: string;
  category: CatalogueCategory;
  name: string;
  description: string;
  chart: CatalogueChart;
  unit: CatalogueUnit;
}

export interface CatalogueCategoryInfo {
  category: CatalogueCategory;
  name: string;
  description: string;
}

/** `GET /metrics/templates`: the categories in order, each with its widgets in catalogue order. */
export interface TemplateCategory extends CatalogueCategoryInfo {
  widgets: CatalogueWidget[];
}
export type MetricTemplatesAnswer = TemplateCategory[];

export const CATALOGUE_CATEGORIES: readonly CatalogueCategoryInfo[] = [
  { category: 'overview', name: 'Overview', description: 'Key figures of your site at a glance, each with its trend over the period.' },
  { category: 'errors', name: 'Errors', description: 'JavaScript errors and failing network calls, and the sessions they hurt.' },
  { category: 'performance', name: 'Performance', description: 'How fast pages load and render, and where the browser struggles.' },
  { category: 'resources', name: 'Resources', description: 'Images, scripts, stylesheets and calls: what is slow, missing or heavy.' },
];

const w = (category: CatalogueCategory, key: string, name: string, chart: CatalogueChart, unit: CatalogueUnit, description: string): CatalogueWidget => ({ key, category, name, description, chart, unit });

/** The 45 widgets: overview 20, errors 7, performance 13, resources 5. */
export const CATALOGUE: readonly CatalogueWidget[] = [
  w('overview', 'count_sessions', 'Captured Sessions', 'overview', 'sessions', 'Sessions recorded over the period.'),
  w('overview', 'avg_request_load_time', 'Request Load Time', 'overview', 'ms', 'Average time network requests (fetch and XHR) took to complete.'),
  w('overview', 'avg_page_load_time', 'Page Load Time', 'overview', 'ms', 'Average time from navigation start to the page load event.'),
  w('overview', 'avg_image_load_time', 'Image Load Time', 'overview', 'ms', 'Average time images took to load.'),
  w('overview', 'avg_dom_content_load_start', 'DOM Content Load Start', 'overview', 'ms', 'Average time until the DOMContentLoaded event started.'),
  w('overview', 'avg_first_contentful_pixel', 'First Meaningful Paint', 'overview', 'ms', 'Average time until the first contentful paint.'),
  w('overview', 'avg_visited_pages', 'No. of Visited Pages', 'overview', 'pages', 'Average number of pages visited per session.'),
  w('overview', 'avg_session_duration', 'Session Duration', 'overview', 'minutes', 'Average length of a session.'),
  w('overview', 'avg_pages_dom_buildtime', 'DOM Build Time', 'overview', 'ms', 'Average time the browser took to build the DOM of a page.'),
  w('overview', 'avg_pages_response_time', 'Page Response Time', 'overview', 'ms', 'Average time the server took to answer a page request.'),
  w('overview', 'avg_response_time', 'Response Time', 'overview', 'ms', 'Average time until the first byte of network requests.'),
  w('overview', 'avg_first_paint', 'First Paint', 'overview', 'ms', 'Average time until the browser painted anything.'),
  w('overview', 'avg_dom_content_loaded', 'DOM Content Loaded', 'overview', 'ms', 'Average time until the DOMContentLoaded event ended.'),
  w('overview', 'avg_till_first_byte', 'Time Till First Byte', 'overview', 'ms', 'Average time until the first byte of the page arrived.'),
  w('overview', 'avg_time_to_interactive', 'Time To Interactive', 'overview', 'ms', 'Average time until pages became reliably interactive.'),
  w('overview', 'count_requests', 'Captured Requests', 'overview', 'requests', 'Network requests recorded over the period.'),
  w('overview', 'avg_time_to_render', 'Time To Render', 'overview', 'ms', 'Average time until a page was visually complete.'),
  w('overview', 'avg_used_js_heap_size', 'Memory Consumption', 'overview', 'MB', 'Average JavaScript heap in use.'),
  w('overview', 'avg_cpu', 'CPU Load', 'overview', 'percent', 'Average CPU load of the page.'),
  w('overview', 'avg_fps', 'Framerate', 'overview', 'fps', 'Average frames per second the page rendered.'),

  w('errors', 'impacted_sessions_by_js_errors', 'Sessions Affected by JS Errors', 'barChart', 'sessions', 'Sessions with at least one JavaScript error, and the errors, over time.'),
  w('errors', 'domains_errors_4xx', 'Top Domains with 4xx Fetch Errors', 'lineChart', 'errors', 'Domains whose requests answered 4xx the most, over time.'),
  w('errors', 'domains_errors_5xx', 'Top Domains with 5xx Fetch Errors', 'lineChart', 'errors', 'Domains whose requests answered 5xx the most, over time.'),
  w('errors', 'errors_per_domains', 'Errors by Domain', 'table', 'errors', 'Failed requests per domain (top 5).'),
  w('errors', 'calls_errors', 'Calls with Errors', 'table', 'errors', 'Network calls (method and path) that failed, with their 4xx and 5xx counts.'),
  w('errors', 'errors_per_type', 'Errors by Type', 'stackedBar', 'errors', 'Errors over time by kind: JavaScript, 4xx, 5xx, integrations.'),
  w('errors', 'resources_by_party', 'Failed Resources by Party', 'stackedBar', 'errors', 'Failed resources over time, first party against third party.'),

  w('performance', 'speed_location', 'Speed Index by Location', 'map', 'ms', 'Average speed index per country.'),
  w('performance', 'slowest_domains', 'Slowest Domains', 'table', 'ms', 'Domains whose resources took the longest on average.'),
  w('performance', 'sessions_per_browser', 'Sessions per Browser', 'table', 'sessions', 'Sessions per browser and version.'),
  w('performance', 'time_to_render', 'Time To Render', 'areaChart', 'ms', 'Average time until a page was visually complete, over time.'),
  w('performance', 'impacted_sessions_by_slow_pages', 'Sessions Impacted by Slow Requests', 'areaChart', 'sessions', 'Sessions that met a slow page or request, over time.'),
  w('performance', 'memory_consumption', 'Memory Consumption', 'areaChart', 'MB', 'Average JavaScript heap in use, over time.'),
  w('performance', 'cpu', 'CPU Load', 'areaChart', 'percent', 'Average CPU load, over time.'),
  w('performance', 'fps', 'Framerate', 'areaChart', 'fps', 'Average frames per second, over time.'),
  w('performance', 'crashes', 'Crashes', 'areaChart', 'sessions', 'Sessions that ended in a crash, over time.'),
  w('performance', 'resources_vs_visually_complete', 'Visually Complete vs. Resources', 'barChart', 'ms', 'Time to visually complete against the number and size of resources, over time.'),
  w('performance', 'pages_dom_buildtime', 'DOM Build Time', 'areaChart', 'ms', 'Average DOM build time over time, for all pages or one.'),
  w('performance', 'pages_response_time', 'Page Response Time', 'areaChart', 'ms', 'Average page response time over time, for all pages or one.'),
  w('performance', 'pages_response_time_distribution', 'Page Response Time Distribution', 'distribution', 'ms', 'How page response times spread, with their percentiles.'),

  w('resources', 'missing_resources', 'Missing Resources', 'table', 'count', 'Resources that failed to load, with how often and when last.'),
  w('resources', 'slowest_resources', 'Slowest Resources', 'table', 'ms', 'Resources that took the longest to load on average.'),
  w('resources', 'resources_loading_time', 'Resource Loading Time', 'areaChart', 'ms', 'Average loading time of resources over time, by type or one resource.'),
  w('resources', 'resource_type_vs_response_end', 'Resource Loaded vs. Response End', 'stackedBar', 'ms', 'Resources loaded per type against the time the page response ended.'),
  w('resources', 'resources_count_by_type', 'Breakdown of Loaded Resources', 'stackedBar', 'count', 'Resources loaded over time, per type.'),
];

const BY_KEY = new Map(CATALOGUE.map((widget) => [widget.key, widget]));

export function catalogueWidget(key: string): CatalogueWidget | undefined {
  return BY_KEY.get(key);
}

export function metricTemplates(): MetricTemplatesAnswer {
  return CATALOGUE_CATEGORIES.map((info) => ({ ...info, widgets: CATALOGUE.filter((widget) => widget.category === info.category) }));
}
