import { joinSql, sql, trusted, type SqlFragment } from '@cassette/plugin-sdk/server';
import type {
  CatalogueDistributionAnswer,
  CatalogueMapAnswer,
  CatalogueTableAnswer,
  CatalogueTableRow,
  CatalogueTimeseriesAnswer,
  CatalogueUnit,
  CatalogueWidgetKey,
} from '../../../shared/catalogue-analytics.js';
import type { SampleColumn } from '../../event-rows.js';
import { runAnalytics } from '../analytics-statement.js';
import { TABLE_ROWS } from './error-widgets.js';
import { average, bucketed, distinctSessions, eventRows, namedChart, ranked, sessionRows, sessionsWithin, type WidgetScope } from './widget-sql.js';

/** A browser's versions shown under it. */
export const VERSIONS_PER_BROWSER = 3;
/** The histogram of pages_response_time_distribution. */
export const DISTRIBUTION_BUCKETS = 20;
export const DISTRIBUTION_PERCENTILES = [50, 75, 90, 95, 99] as const;
/** A page is slow when its response took more than this many times the range's average (OpenReplay's rule). */
export const SLOW_PAGE_FACTOR = 2;

/** The page path a searchable widget narrows to, if any. */
const pathIs = (scope: WidgetScope): SqlFragment => (scope.input.value === null ? sql`true` : sql`e.path = ${scope.input.value}`);

/** One average over time, with its average over the range. */
async function averageOverTime(scope: WidgetScope, name: string, unit: CatalogueUnit, rows: SqlFragment): Promise<CatalogueTimeseriesAnswer> {
  const { whole, charts } = await bucketed(scope, rows, [average(sql`v`)]);
  return { key: scope.input.key, kind: 'timeseries', bucketMs: scope.input.bucketMs, series: [{ name, unit, total: whole[0]! }], chart: namedChart([name], charts) };
}

const pageTimingOverTime = (column: string, name: string) => (scope: WidgetScope) =>
  averageOverTime(scope, name, 'ms', eventRows(scope, scope.input.range, ['LOCATION'], sql`e.${trusted(column)} as v`, sql`e.${trusted(column)} > 0 and ${pathIs(scope)}`));

const sampleOverTime = (column: SampleColumn, name: string, unit: CatalogueUnit) => (scope: WidgetScope) =>
  averageOverTime(scope, name, unit, eventRows(scope, scope.input.range, ['PERFORMANCE'], sql`e.${trusted(column)} as v`, sql`e.${trusted(column)} is not null`));

/** Average speed index of the pages visited from each country. */
async function speedLocation(scope: WidgetScope): Promise<CatalogueMapAnswer> {
  const rows = eventRows(scope, scope.input.range, ['LOCATION'], sql`s.user_country as country, e.speed_index as v`, sql`e.speed_index > 0`);
  const found = await runAnalytics<{ country: string | null; whole: number; value: number | null; n: number }>(scope.run, sql`
    select country, grouping(country)::int as whole, avg(v)::float8 as value, count(*)::int as n
    from (${rows}) r group by grouping sets ((country), ())`);
  const whole = found.find((r) => Number(r.whole) === 1);
  const rows_ = found
    .filter((r) => Number(r.whole) === 0 && r.country !== null && r.country !== '')
    .map((r) => ({ country: r.country!, value: Number(r.value), count: Number(r.n) }))
    .sort((a, b) => b.value - a.value || (a.country < b.country ? -1 : a.country > b.country ? 1 : 0));
  return { key: scope.input.key, kind: 'map', bucketMs: scope.input.bucketMs, unit: 'ms', value: whole && whole.value !== null ? Number(whole.value) : null, rows: rows_ };
}

/** Domains by the average time their requests and resources took, slowest first. */
async function slowestDomains(scope: WidgetScope): Promise<CatalogueTableAnswer> {
  const rows = eventRows(scope, scope.input.range, ['FETCH', 'RESOURCE'], sql`split_part(e.host, ':', 1) as name, e.duration as v`, sql`e.duration > 0 and e.host is not null`);
  const found = await ranked(scope, { rows, value: average(sql`v`), details: { count: sql`count(*)::int` }, limit: TABLE_ROWS });
  return { key: scope.input.key, kind: 'table', bucketMs: scope.input.bucketMs, unit: 'ms', ...found };
}

/**
 * Sessions per browser of `rows` (columns name = browser, version, session_id), each with its
 * top versions, from one pass grouped by browser and version: a session has one browser and
 * one version, so a browser's sessions are the sum of its versions'. `onePerSession` rows (a
 * session's own) are counted as they are; others (a session's crashes) count each session once.
 */
async function browsersWithVersions(scope: WidgetScope, rows: SqlFragment, onePerSession: boolean): Promise<{ rows: CatalogueTableRow[]; total: number; others: number }> {
  const sessions = onePerSession ? sql`count(*)` : sql`count(distinct session_id)`;
  const found = await runAnalytics<{ groups: number; whole: number; name: string; value: number; version: string; n: number }>(scope.run, sql`
    with v as (
      select name, coalesce(nullif(version, ''), 'unknown') as version, ${sessions}::int as n
      from (${rows}) r where name is not null and name <> '' group by 1, 2),
    b as (select name, sum(n)::int as value from v group by name),
    top as (select name, value from b order by value desc, name collate "C" limit ${TABLE_ROWS}),
    ranked_versions as (select name, version, n, row_number() over (partition by name order by n desc, version collate "C") as place from v)
    select (select count(*) from b)::int as groups, (select sum(n) from v)::int as whole, t.name, t.value, rv.version, rv.n
    from top t join ranked_versions rv on rv.name = t.name and rv.place <= ${VERSIONS_PER_BROWSER}
    order by t.value desc, t.name collate "C", rv.place`);
  const browsers: CatalogueTableRow[] = [];
  for (const row of found) {
    let browser = browsers[browsers.length - 1];
    if (!browser || browser.name !== row.name) {
      browser = { name: row.name, value: Number(row.value), parts: [] };
      browsers.push(browser);
    }
    browser.parts!.push({ name: row.version, value: Number(row.n) });
  }
  const first = found[0];
  return { rows: browsers, total: first ? Number(first.whole) : 0, others: first ? Math.max(0, Number(first.groups) - browsers.length) : 0 };
}

/** Sessions per browser (the browsers with most), with their top versions. */
async function sessionsPerBrowser(scope: WidgetScope): Promise<CatalogueTableAnswer> {
  const found = await browsersWithVersions(scope, sessionRows(scope, scope.input.range, sql`s.user_browser as name, s.user_browser_version as version`), true);
  return { key: scope.input.key, kind: 'table', bucketMs: scope.input.bucketMs, unit: 'count', ...found };
}

/**
 * Sessions with a slow page per bucket: a page whose document response took more than
 * SLOW_PAGE_FACTOR times the average over the range (of the same page when narrowed to one).
 */
async function impactedBySlowPages(scope: WidgetScope): Promise<CatalogueTimeseriesAnswer> {
  const pages = eventRows(scope, scope.input.range, ['LOCATION'], sql`e.response_time as v`, sql`e.response_time > 0 and ${pathIs(scope)}`);
  const rows = sql`select p.* from (${pages}) p where p.v > ${SLOW_PAGE_FACTOR} * (select avg(v) from (${pages}) a)`;
  const { whole, charts } = await bucketed(scope, rows, [distinctSessions()]);
  return { key: scope.input.key, kind: 'timeseries', bucketMs: scope.input.bucketMs, series: [{ name: 'sessions', unit: 'count', total: whole[0]! }], chart: namedChart(['sessions'], charts) };
}

/** Sessions that crashed (the crash issue), per bucket of the crash, and per browser. */
async function crashes(scope: WidgetScope): Promise<CatalogueTimeseriesAnswer> {
  const { range, projectId } = scope.input;
  const crashed = sql`select i.ts as at, s.started_at as started, i.session_id, s.user_browser as name, s.user_browser_version as version
    from sessions_issues i join sessions_sessions s on s.session_id = i.session_id
    where ${sessionsWithin(scope, range)} and i.project_id = ${projectId} and i.type = 'crash' and i.ts >= ${new Date(range.startDate)} and i.ts <= ${new Date(range.endDate)}`;
  const { whole, charts } = await bucketed(scope, crashed, [distinctSessions()]);
  const browsers = await browsersWithVersions(scope, crashed, false);
  return {
    key: scope.input.key,
    kind: 'timeseries',
    bucketMs: scope.input.bucketMs,
    series: [{ name: 'sessions', unit: 'count', total: whole[0]! }],
    chart: namedChart(['sessions'], charts),
    rows: browsers.rows,
  };
}

/** Document response times over equal-width buckets from 0 to the slowest, with nearest-rank percentiles. */
async function responseTimeDistribution(scope: WidgetScope): Promise<CatalogueDistributionAnswer> {
  const pages = eventRows(scope, scope.input.range, ['LOCATION'], sql`e.response_time as v`, sql`e.response_time > 0`);
  const [stats] = await runAnalytics<{ n: number; average: number | null; largest: number | null; percentiles: number[] | null }>(scope.run, sql`
    select count(*)::int as n, avg(v)::float8 as average, max(v) as largest,
      percentile_disc(array[${joinSql(DISTRIBUTION_PERCENTILES.map((p) => sql`${p / 100}::float8`), ', ')}]) within group (order by v) as percentiles
    from (${pages}) p`);
  const n = Number(stats?.n ?? 0);
  const largest = stats?.largest === null || stats?.largest === undefined ? 0 : Number(stats.largest);
  const width = Math.max(1, Math.ceil((largest + 1) / DISTRIBUTION_BUCKETS));
  const counts = n
    ? await runAnalytics<{ b: number; n: number }>(scope.run, sql`select least(floor(v / ${width})::int, ${DISTRIBUTION_BUCKETS - 1}) as b, count(*)::int as n from (${pages}) p group by 1`)
    : [];
  const perBucket = new Map(counts.map((c) => [Number(c.b), Number(c.n)]));
  return {
    key: scope.input.key,
    kind: 'distribution',
    bucketMs: scope.input.bucketMs,
    unit: 'ms',
    count: n,
    average: stats?.average === null || stats?.average === undefined ? null : Number(stats.average),
    buckets: n ? Array.from({ length: DISTRIBUTION_BUCKETS }, (_, b) => ({ from: b * width, to: (b + 1) * width, count: perBucket.get(b) ?? 0 })) : [],
    percentiles: n && stats?.percentiles ? DISTRIBUTION_PERCENTILES.map((percentile, i) => ({ percentile, value: Number(stats.percentiles![i]) })) : [],
  };
}

export const PERFORMANCE_WIDGETS: Partial<
  Record<CatalogueWidgetKey, (scope: WidgetScope) => Promise<CatalogueTimeseriesAnswer | CatalogueTableAnswer | CatalogueMapAnswer | CatalogueDistributionAnswer>>
> = {
  speed_location: speedLocation,
  slowest_domains: slowestDomains,
  sessions_per_browser: sessionsPerBrowser,
  impacted_sessions_by_slow_pages: impactedBySlowPages,
  memory_consumption: sampleOverTime('memory_used', 'memoryUsed', 'bytes'),
  cpu: sampleOverTime('cpu', 'cpu', 'percent'),
  fps: sampleOverTime('fps', 'fps', 'fps'),
  crashes,
  pages_dom_buildtime: pageTimingOverTime('dom_building', 'domBuildTime'),
  pages_response_time: pageTimingOverTime('response_time', 'responseTime'),
  pages_response_time_distribution: responseTimeDistribution,
};
