import { sql, type SqlFragment } from '@cassette/plugin-sdk/server';
import { RESOURCE_KINDS, type CatalogueTableAnswer, type CatalogueTimeseriesAnswer, type CatalogueWidgetKey } from '../../../shared/catalogue-analytics.js';
import { TABLE_ROWS } from './error-widgets.js';
import { average, bucketed, count, eventRows, namedChart, ranked, RESOURCE_KIND, type WidgetScope } from './widget-sql.js';

/** The resource URL a searchable widget narrows to, if any. */
const urlIs = (scope: WidgetScope): SqlFragment => (scope.input.value === null ? sql`true` : sql`e.url = ${scope.input.value}`);

/** Resources that failed to load, by URL: how often, in how many sessions, first and last seen (epoch ms), and a sparkline of failures. */
async function missingResources(scope: WidgetScope): Promise<CatalogueTableAnswer> {
  const rows = eventRows(scope, scope.input.range, ['RESOURCE'], sql`e.url as name`, sql`e.success = false and e.url is not null`);
  const found = await ranked(scope, {
    rows,
    value: count(),
    details: {
      sessions: sql`count(distinct session_id)::int`,
      firstSeen: sql`(extract(epoch from min(at)) * 1000)::float8`,
      lastSeen: sql`(extract(epoch from max(at)) * 1000)::float8`,
    },
    chart: count(),
    limit: TABLE_ROWS,
  });
  return { key: scope.input.key, kind: 'table', bucketMs: scope.input.bucketMs, unit: 'count', ...found };
}

/** Resources that loaded, by URL, slowest on average first: their kind, how many loads, and a sparkline of the average. */
async function slowestResources(scope: WidgetScope): Promise<CatalogueTableAnswer> {
  const rows = eventRows(scope, scope.input.range, ['RESOURCE'], sql`e.url as name, e.duration as v, ${RESOURCE_KIND} as kind`, sql`e.success and e.duration > 0 and e.url is not null and ${urlIs(scope)}`);
  const found = await ranked(scope, {
    rows,
    value: average(sql`v`),
    // A URL keeps its kind (the same element loads it); the first in code-point order when it does not.
    details: { kind: sql`min(kind collate "C")`, count: sql`count(*)::int` },
    chart: average(sql`v`),
    limit: TABLE_ROWS,
  });
  return { key: scope.input.key, kind: 'table', bucketMs: scope.input.bucketMs, unit: 'ms', ...found };
}

/** The average time resources took to load (of one kind, or one URL, when narrowed). */
async function resourcesLoadingTime(scope: WidgetScope): Promise<CatalogueTimeseriesAnswer> {
  const kind = scope.input.resourceKind;
  // Requests (fetch/XHR) are the `fetch` kind: a narrowing to it reads them.
  const types = kind === 'fetch' ? ['FETCH', 'RESOURCE'] : ['RESOURCE'];
  const rows = eventRows(
    scope,
    scope.input.range,
    types,
    sql`e.duration as v`,
    sql`(e.type = 'FETCH' or e.success) and e.duration > 0 and ${urlIs(scope)} and ${kind === null ? sql`true` : sql`${RESOURCE_KIND} = ${kind}`}`,
  );
  const { whole, charts } = await bucketed(scope, rows, [average(sql`v`)]);
  return { key: scope.input.key, kind: 'timeseries', bucketMs: scope.input.bucketMs, series: [{ name: 'loadingTime', unit: 'ms', total: whole[0]! }], chart: namedChart(['loadingTime'], charts) };
}

/** Resources and requests started per bucket, against when the pages' documents finished arriving (responseEnd). */
async function resourceTypeVsResponseEnd(scope: WidgetScope): Promise<CatalogueTimeseriesAnswer> {
  const rows = eventRows(scope, scope.input.range, ['RESOURCE', 'FETCH', 'LOCATION'], sql`e.type, e.response_end as v`, sql`(e.type <> 'LOCATION' or e.response_end > 0)`);
  const { whole, charts } = await bucketed(scope, rows, [count(sql`type = 'RESOURCE'`), count(sql`type = 'FETCH'`), average(sql`v`, sql`type = 'LOCATION'`)]);
  const names = ['resources', 'requests', 'responseEnd'];
  return {
    key: scope.input.key,
    kind: 'timeseries',
    bucketMs: scope.input.bucketMs,
    series: [
      { name: 'resources', unit: 'count', total: whole[0]! },
      { name: 'requests', unit: 'count', total: whole[1]! },
      { name: 'responseEnd', unit: 'ms', total: whole[2]! },
    ],
    chart: namedChart(names, charts),
  };
}

/** Resources loaded per kind per bucket (requests are `fetch`). */
async function resourcesCountByType(scope: WidgetScope): Promise<CatalogueTimeseriesAnswer> {
  const rows = eventRows(scope, scope.input.range, ['RESOURCE', 'FETCH'], sql`${RESOURCE_KIND} as kind`);
  const { whole, charts } = await bucketed(scope, rows, RESOURCE_KINDS.map((kind) => count(sql`kind = ${kind}`)));
  return {
    key: scope.input.key,
    kind: 'timeseries',
    bucketMs: scope.input.bucketMs,
    series: RESOURCE_KINDS.map((name, i) => ({ name, unit: 'count', total: whole[i]! })),
    chart: namedChart(RESOURCE_KINDS, charts),
  };
}

export const RESOURCE_WIDGETS: Partial<Record<CatalogueWidgetKey, (scope: WidgetScope) => Promise<CatalogueTimeseriesAnswer | CatalogueTableAnswer>>> = {
  missing_resources: missingResources,
  slowest_resources: slowestResources,
  resources_loading_time: resourcesLoadingTime,
  resource_type_vs_response_end: resourceTypeVsResponseEnd,
  resources_count_by_type: resourcesCountByType,
};
