import { sql, trusted, type SqlFragment } from '@cassette/plugin-sdk/server';
import type { AnalyticsRange } from '../../../shared/analytics.js';
import type { CatalogueOverviewAnswer, CatalogueUnit, CatalogueWidgetKey } from '../../../shared/catalogue-analytics.js';
import type { SampleColumn } from '../../event-rows.js';
import { runAnalytics } from '../analytics-statement.js';
import { previousRange } from './catalogue-input.js';
import { average, binIndex, bucketOf, count, eventRows, RESOURCE_KIND, sessionRows, type Aggregate, type WidgetScope } from './widget-sql.js';

/** An overview number: the rows it reads (with the measured `v`) and how they aggregate. */
interface OverviewMeasure {
  unit: CatalogueUnit;
  rows: (scope: WidgetScope, span: AnalyticsRange) => SqlFragment;
  aggregate: Aggregate;
}

/** A page timing column of LOCATION rows, ms from the navigation's start; 0 or missing means the browser did not tell. */
const pageTiming = (column: string): OverviewMeasure => ({
  unit: 'ms',
  rows: (scope, span) => eventRows(scope, span, ['LOCATION'], sql`e.${trusted(column)} as v`, sql`e.${trusted(column)} > 0`),
  aggregate: average(sql`v`),
});

/** A number of each performance sample (a column of PERFORMANCE rows; missing when the browser did not tell). */
const sampled = (column: SampleColumn, unit: CatalogueUnit): OverviewMeasure => ({
  unit,
  rows: (scope, span) => eventRows(scope, span, ['PERFORMANCE'], sql`e.${trusted(column)} as v`, sql`e.${trusted(column)} is not null`),
  aggregate: average(sql`v`),
});

/**
 * The overview widgets the tracker has data for (avg_time_to_render has none: unavailable.ts).
 * Where OpenReplay 1.6 read two keys from one column, so do these: avg_dom_content_load_start
 * reads when DOMContentLoaded began, avg_dom_content_loaded when its handlers ended; both
 * avg_pages_response_time and avg_response_time read the document's response time.
 * count_requests counts the requests (fetch/XHR) the pages made (OpenReplay counted page views).
 */
export const OVERVIEW_MEASURES: Partial<Record<CatalogueWidgetKey, OverviewMeasure>> = {
  count_sessions: { unit: 'count', rows: (scope, span) => sessionRows(scope, span, sql`1 as v`), aggregate: count() },
  avg_request_load_time: {
    unit: 'ms',
    rows: (scope, span) => eventRows(scope, span, ['FETCH'], sql`e.duration as v`, sql`e.duration > 0`),
    aggregate: average(sql`v`),
  },
  avg_page_load_time: pageTiming('load_time'),
  avg_image_load_time: {
    unit: 'ms',
    rows: (scope, span) => eventRows(scope, span, ['RESOURCE'], sql`e.duration as v`, sql`e.duration > 0 and e.success and ${RESOURCE_KIND} = 'img'`),
    aggregate: average(sql`v`),
  },
  avg_dom_content_load_start: pageTiming('dom_content_loaded_start'),
  avg_first_contentful_pixel: pageTiming('fcp'),
  avg_visited_pages: { unit: 'pages', rows: (scope, span) => sessionRows(scope, span, sql`s.pages_count as v`, sql`s.pages_count > 0`), aggregate: average(sql`v`) },
  avg_session_duration: { unit: 'ms', rows: (scope, span) => sessionRows(scope, span, sql`s.duration_ms as v`, sql`s.duration_ms > 0`), aggregate: average(sql`v`) },
  avg_pages_dom_buildtime: pageTiming('dom_building'),
  avg_pages_response_time: pageTiming('response_time'),
  avg_response_time: pageTiming('response_time'),
  avg_first_paint: pageTiming('first_paint'),
  avg_dom_content_loaded: pageTiming('dom_content_loaded'),
  avg_till_first_byte: pageTiming('ttfb'),
  avg_time_to_interactive: pageTiming('tti'),
  count_requests: { unit: 'count', rows: (scope, span) => eventRows(scope, span, ['FETCH'], sql`1 as v`), aggregate: count() },
  avg_used_js_heap_size: sampled('memory_used', 'bytes'),
  avg_cpu: sampled('cpu', 'percent'),
  avg_fps: sampled('fps', 'fps'),
};

/** Change in percent, one decimal; none from nothing. */
export function progressOf(value: number | null, previous: number | null): number | null {
  if (value === null || previous === null || previous === 0) return null;
  return Math.round(((value - previous) / previous) * 1000) / 10;
}

/**
 * The range and the previous period in one pass: rows from the previous period's start, each
 * kept only when its session started in the same period as the row happened, counted per
 * bucket (the previous period's buckets are negative, and dropped) and per period.
 */
export async function overviewWidget(scope: WidgetScope, measure: OverviewMeasure): Promise<CatalogueOverviewAnswer> {
  const { range, bucketMs, buckets, key } = scope.input;
  const previous = previousRange(range);
  const span = { startDate: previous?.startDate ?? range.startDate, endDate: range.endDate };
  const start = new Date(range.startDate);
  const rows = await runAnalytics<{ b: number | null; current: boolean | null; v: unknown }>(scope.run, sql`
    select ${binIndex(scope)} as b, current, ${measure.aggregate.sql} as v
    from (select ${bucketOf(scope)} as bin, r.at >= ${start} as current, r.* from (${measure.rows(scope, span)}) r where (r.started >= ${start}) = (r.at >= ${start})) x
    group by grouping sets ((bin), (current))`);
  const empty = measure.aggregate.empty;
  const perBucket = new Map<number, number>();
  let value: number | null = empty;
  let previousValue: number | null = previous ? empty : null;
  for (const row of rows) {
    const v = row.v === null ? empty : Number(row.v);
    if (row.b !== null) perBucket.set(Number(row.b), v as number);
    else if (row.current) value = v;
    else if (previous) previousValue = v;
  }
  return {
    key,
    kind: 'overview',
    bucketMs,
    unit: measure.unit,
    value,
    previousValue,
    progress: progressOf(value, previousValue),
    chart: Array.from({ length: buckets }, (_, b) => ({ timestamp: range.startDate + b * bucketMs, value: perBucket.has(b) ? perBucket.get(b)! : empty })),
  };
}
