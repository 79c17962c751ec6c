import { sql } from '@cassette/plugin-sdk/server';
import type { CatalogueTableAnswer, CatalogueTimeseriesAnswer, CatalogueWidgetKey } from '../../../shared/catalogue-analytics.js';
import { runAnalytics } from '../analytics-statement.js';
import { bucketed, count, distinctSessions, eventRows, namedChart, ranked, type WidgetScope } from './widget-sql.js';

/** Table widgets list this many rows (the card shows 5 and "N More"). */
export const TABLE_ROWS = 50;
/** domains_errors_4xx/5xx chart the domains with the most errors, each as a series. */
export const CHARTED_DOMAINS = 5;

/** Requests (FETCH) and resources (RESOURCE) the server answered with an error status. */
const NETWORK_TYPES = ['FETCH', 'RESOURCE'] as const;

/** The domain of a request or resource, without its port. */
const DOMAIN = sql`split_part(e.host, ':', 1)`;

/** Sessions that had a JS error, and the JS errors they had, per bucket. */
async function impactedByJsErrors(scope: WidgetScope): Promise<CatalogueTimeseriesAnswer> {
  const rows = eventRows(scope, scope.input.range, ['ERROR'], sql`1 as v`);
  const { whole, charts } = await bucketed(scope, rows, [distinctSessions(), count()]);
  return {
    key: scope.input.key,
    kind: 'timeseries',
    bucketMs: scope.input.bucketMs,
    series: [
      { name: 'sessions', unit: 'count', total: whole[0]! },
      { name: 'errors', unit: 'count', total: whole[1]! },
    ],
    chart: namedChart(['sessions', 'errors'], charts),
  };
}

/** Errors of one status class per domain over time: the domains with the most, a series each. */
async function domainsErrors(scope: WidgetScope, statusClass: 4 | 5): Promise<CatalogueTimeseriesAnswer> {
  const { range, key, bucketMs } = scope.input;
  const rows = eventRows(scope, range, NETWORK_TYPES, sql`${DOMAIN} as name`, sql`e.status / 100 = ${statusClass} and e.host is not null`);
  const top = await runAnalytics<{ name: string; n: number }>(scope.run, sql`
    select name, count(*)::int as n from (${rows}) r where name <> '' group by name order by n desc, name collate "C" limit ${CHARTED_DOMAINS}`);
  const names = top.map((t) => t.name);
  const { charts } = names.length ? await bucketed(scope, rows, names.map((name) => count(sql`name = ${name}`))) : { charts: [] };
  return {
    key,
    kind: 'timeseries',
    bucketMs,
    series: top.map((t) => ({ name: t.name, unit: 'count', total: Number(t.n) })),
    chart: names.length ? namedChart(names, charts) : Array.from({ length: scope.input.buckets }, (_, b) => ({ timestamp: range.startDate + b * bucketMs, values: {} })),
  };
}

/** Domains by how many requests and resources failed there with a 4xx or 5xx. */
async function errorsPerDomains(scope: WidgetScope): Promise<CatalogueTableAnswer> {
  const rows = eventRows(scope, scope.input.range, NETWORK_TYPES, sql`${DOMAIN} as name`, sql`e.status >= 400 and e.status < 600 and e.host is not null`);
  const found = await ranked(scope, { rows, value: count(), limit: TABLE_ROWS });
  return { key: scope.input.key, kind: 'table', bucketMs: scope.input.bucketMs, unit: 'count', ...found };
}

/** Requests (fetch/XHR) answered with a 4xx or 5xx, per method and URL (host and path). */
async function callsErrors(scope: WidgetScope): Promise<CatalogueTableAnswer> {
  const rows = eventRows(scope, scope.input.range, ['FETCH'], sql`coalesce(e.method, '') || ' ' || coalesce(e.host, '') || coalesce(e.path, '') as name, e.status`, sql`e.status >= 400 and e.status < 600`);
  const found = await ranked(scope, {
    rows,
    value: count(),
    details: { '4xx': sql`count(*) filter (where status / 100 = 4)::int`, '5xx': sql`count(*) filter (where status / 100 = 5)::int` },
    limit: TABLE_ROWS,
  });
  return { key: scope.input.key, kind: 'table', bucketMs: scope.input.bucketMs, unit: 'count', ...found };
}

/**
 * Errors per kind over time: requests and resources answered 4xx, 5xx, and JS errors. Errors
 * that log sources (Sentry, Datadog, ...) hold are not tied to sessions here, so they are not
 * counted (OpenReplay's "integrations" series).
 */
async function errorsPerType(scope: WidgetScope): Promise<CatalogueTimeseriesAnswer> {
  const rows = eventRows(scope, scope.input.range, [...NETWORK_TYPES, 'ERROR'], sql`e.type, e.status`, sql`(e.type = 'ERROR' or (e.status >= 400 and e.status < 600))`);
  const names = ['4xx', '5xx', 'js'];
  const { whole, charts } = await bucketed(scope, rows, [count(sql`type <> 'ERROR' and status / 100 = 4`), count(sql`type <> 'ERROR' and status / 100 = 5`), count(sql`type = 'ERROR'`)]);
  return { key: scope.input.key, kind: 'timeseries', bucketMs: scope.input.bucketMs, series: names.map((name, i) => ({ name, unit: 'count', total: whole[i]! })), chart: namedChart(names, charts) };
}

/** The host of a session's first page: its own party. */
const SITE_HOST = sql`lower(substring(s.first_url from ${'^[a-zA-Z][a-zA-Z0-9+.-]*://([^/:?#]+)'}))`;

/**
 * Resources that failed to load (or answered 4xx/5xx), first party (the site's host or one of
 * its subdomains, the site being the host of the session's first page, without "www.") or third.
 */
async function resourcesByParty(scope: WidgetScope): Promise<CatalogueTimeseriesAnswer> {
  const site = sql`regexp_replace(${SITE_HOST}, ${'^www[.]'}, '')`;
  const rows = eventRows(
    scope,
    scope.input.range,
    ['RESOURCE'],
    sql`(lower(split_part(e.host, ':', 1)) = ${site} or lower(split_part(e.host, ':', 1)) like '%.' || ${site}) as first_party`,
    sql`(e.success = false or e.status >= 400) and e.host is not null`,
  );
  const names = ['firstParty', 'thirdParty'];
  const { whole, charts } = await bucketed(scope, rows, [count(sql`first_party`), count(sql`first_party is not true`)]);
  return { key: scope.input.key, kind: 'timeseries', bucketMs: scope.input.bucketMs, series: names.map((name, i) => ({ name, unit: 'count', total: whole[i]! })), chart: namedChart(names, charts) };
}

export const ERROR_WIDGETS: Partial<Record<CatalogueWidgetKey, (scope: WidgetScope) => Promise<CatalogueTimeseriesAnswer | CatalogueTableAnswer>>> = {
  impacted_sessions_by_js_errors: impactedByJsErrors,
  domains_errors_4xx: (scope) => domainsErrors(scope, 4),
  domains_errors_5xx: (scope) => domainsErrors(scope, 5),
  errors_per_domains: errorsPerDomains,
  calls_errors: callsErrors,
  errors_per_type: errorsPerType,
  resources_by_party: resourcesByParty,
};
