import { performance } from 'node:perf_hooks';
import type { AnalyticsQueryService, CatalogueWidgetKey, FilterCompileContext } from '@cassette/plugin-sessions/api';

const DAY_MS = 86_400_000;
/** Dashboards open on the last 7 days (spec: LAST_7_DAYS). */
export const DASHBOARD_RANGE_DAYS = 7;
/** An admin reads the dashboard: every widget, Developer Tools ones included. */
export const VIEWER: FilterCompileContext = { reader: { admin: true, permissions: new Set() } };

/**
 * A typical 12-widget dashboard: the overview numbers a team pins, then errors, performance and
 * resources. The page asks for its widgets at once (each card loads on its own).
 */
export const DASHBOARD_WIDGETS: readonly CatalogueWidgetKey[] = [
  'count_sessions',
  'avg_page_load_time',
  'avg_request_load_time',
  'avg_cpu',
  'impacted_sessions_by_js_errors',
  'errors_per_type',
  'calls_errors',
  'sessions_per_browser',
  'speed_location',
  'pages_response_time_distribution',
  'missing_resources',
  'resources_count_by_type',
];

export const dashboardRange = (windowEnd: number) => ({ startDate: windowEnd - DASHBOARD_RANGE_DAYS * DAY_MS, endDate: windowEnd });

/** One widget's answer, timed (ms). */
export async function timeWidget(service: AnalyticsQueryService, projectId: number, key: CatalogueWidgetKey, windowEnd: number): Promise<number> {
  const started = performance.now();
  await service.catalogueWidget({ projectId, key, range: dashboardRange(windowEnd) }, VIEWER);
  return performance.now() - started;
}

/** The whole dashboard, its widgets asked at once as the page does: ms until the last answered. */
export async function timeDashboard(service: AnalyticsQueryService, projectId: number, windowEnd: number): Promise<number> {
  const started = performance.now();
  await Promise.all(DASHBOARD_WIDGETS.map((key) => service.catalogueWidget({ projectId, key, range: dashboardRange(windowEnd) }, VIEWER)));
  return performance.now() - started;
}
