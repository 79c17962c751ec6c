import type { CatalogueWidgetKey } from '@cassette/plugin-sessions/api';

/**
 * The catalogue's 45 keys in the order of their categories (overview, errors, performance,
 * resources). Listed here because a plugin's api entry carries types only; the compiler checks
 * each against the sessions plugin's key type, and catalogue-keys.test.ts that none is missing.
 */
export const CATALOGUE_KEYS: readonly CatalogueWidgetKey[] = [
  'count_sessions', 'avg_request_load_time', 'avg_page_load_time', 'avg_image_load_time', 'avg_dom_content_load_start', 'avg_first_contentful_pixel',
  'avg_visited_pages', 'avg_session_duration', 'avg_pages_dom_buildtime', 'avg_pages_response_time', 'avg_response_time', 'avg_first_paint',
  'avg_dom_content_loaded', 'avg_till_first_byte', 'avg_time_to_interactive', 'count_requests', 'avg_time_to_render', 'avg_used_js_heap_size', 'avg_cpu', 'avg_fps',
  'impacted_sessions_by_js_errors', 'domains_errors_4xx', 'domains_errors_5xx', 'errors_per_domains', 'calls_errors', 'errors_per_type', 'resources_by_party',
  'speed_location', 'slowest_domains', 'sessions_per_browser', 'time_to_render', 'impacted_sessions_by_slow_pages', 'memory_consumption', 'cpu', 'fps', 'crashes',
  'resources_vs_visually_complete', 'pages_dom_buildtime', 'pages_response_time', 'pages_response_time_distribution',
  'missing_resources', 'slowest_resources', 'resources_loading_time', 'resource_type_vs_response_end', 'resources_count_by_type',
];
