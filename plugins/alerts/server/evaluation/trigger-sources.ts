import type { CatalogueWidgetAnswer, CatalogueWidgetKey } from '@cassette/plugin-sessions/api';
import type { TriggerKey } from '../../shared/triggers.js';

/** Reads the trigger's number off a catalogue answer; null when nothing was measured. */
type Pick = (answer: CatalogueWidgetAnswer) => number | null;

/** Where a trigger's figure comes from: a predefined widget of the analytics service, or nowhere yet (with the reason). */
export type TriggerSource = { widget: CatalogueWidgetKey; pick: Pick } | { unavailable: string };

const overview: Pick = (a) => (a.kind === 'overview' ? a.value : null);
const mapValue: Pick = (a) => (a.kind === 'map' ? a.value : null);
const tableTotal: Pick = (a) => (a.kind === 'table' ? a.total : null);
/** The sum of named series' totals over the range (counts: a missing series counts 0). */
const seriesTotal =
  (...names: string[]): Pick =>
  (a) => {
    if (a.kind !== 'timeseries') return null;
    const totals = names.map((name) => a.series.find((s) => s.name === name)?.total ?? null);
    if (totals.every((t) => t === null)) return a.series.length === 0 ? 0 : null;
    return totals.reduce<number>((sum, t) => sum + (t ?? 0), 0);
  };

/**
 * OpenReplay 1.6's triggers as the catalogue computes them, each from the same figure its
 * dashboard widget shows, so an alert and the chart beside it agree. Averages are over every
 * measurement in the period; counts are of events, except the two "sessions" ones.
 */
export const TRIGGER_SOURCES: Record<TriggerKey, TriggerSource> = {
  'performance.dom_content_loaded.average': { widget: 'avg_dom_content_loaded', pick: overview },
  'performance.first_meaningful_paint.average': { widget: 'avg_first_contentful_pixel', pick: overview },
  'performance.page_load_time.average': { widget: 'avg_page_load_time', pick: overview },
  'performance.dom_build_time.average': { widget: 'avg_pages_dom_buildtime', pick: overview },
  'performance.speed_index.average': { widget: 'speed_location', pick: mapValue },
  'performance.page_response_time.average': { widget: 'avg_pages_response_time', pick: overview },
  'performance.ttfb.average': { widget: 'avg_till_first_byte', pick: overview },
  // Browsers report no "looked complete" time, so the catalogue's widget has no figure either.
  'performance.time_to_render.average': { unavailable: 'Browsers do not report when a page looked complete: this trigger measures nothing.' },
  'performance.image_load_time.average': { widget: 'avg_image_load_time', pick: overview },
  'performance.request_load_time.average': { widget: 'avg_request_load_time', pick: overview },
  'performance.crashes.count': { widget: 'crashes', pick: seriesTotal('sessions') },
  'resources.load_time.average': { widget: 'resources_loading_time', pick: seriesTotal('loadingTime') },
  'resources.missing.count': { widget: 'missing_resources', pick: tableTotal },
  'errors.4xx_5xx.count': { widget: 'errors_per_type', pick: seriesTotal('4xx', '5xx') },
  'errors.4xx.count': { widget: 'errors_per_type', pick: seriesTotal('4xx') },
  'errors.5xx.count': { widget: 'errors_per_type', pick: seriesTotal('5xx') },
  'errors.javascript.impacted_sessions.count': { widget: 'impacted_sessions_by_js_errors', pick: seriesTotal('sessions') },
  'errors.javascript.count': { widget: 'impacted_sessions_by_js_errors', pick: seriesTotal('errors') },
  // Backend errors are the ones log sources (Sentry, Datadog, ...) hold; they are not tied to sessions, so nothing counts them yet.
  'errors.backend.count': { unavailable: 'Backend errors come from log sources, which are not recorded with sessions: this trigger measures nothing yet.' },
};
