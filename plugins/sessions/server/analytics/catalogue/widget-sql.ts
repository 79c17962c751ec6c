import { joinSql, sql, trusted, type SqlFragment, type SqlRunner } from '@cassette/plugin-sdk/server';
import type { FilterCompileContext, SessionFilterCompiler } from '../../../api.js';
import type { AnalyticsRange } from '../../../shared/analytics.js';
import type { CataloguePoint, CatalogueTableRow } from '../../../shared/catalogue-analytics.js';
import { filterOverRange } from '../analytics-input.js';
import { runAnalytics } from '../analytics-statement.js';
import type { WidgetInput } from './catalogue-input.js';
import { bucketIndex, bucketStart } from '../time-buckets.js';

/**
 * The building blocks every family of widgets shares. A widget measures rows: a session's own
 * numbers (its duration, its pages) or its events (pages with their timings, requests,
 * resources, performance samples, errors). A row counts in a period when its session started
 * within the period (and matches the filter) and the event happened within it too; it falls in
 * the bucket of its event's time (a session's start for a session's own numbers).
 */
export interface WidgetScope {
  run: SqlRunner;
  compiler: SessionFilterCompiler;
  context: FilterCompileContext;
  input: WidgetInput;
}

/** `sessions_sessions s` started within `span` and matching the widget's filter. */
export function sessionsWithin(scope: WidgetScope, span: AnalyticsRange): SqlFragment {
  return scope.compiler.sessionConditions(scope.input.projectId, filterOverRange(scope.input.filter, span), scope.context);
}

/** Rows `(at, started, session_id, <columns>)` of the picked sessions themselves. */
export function sessionRows(scope: WidgetScope, span: AnalyticsRange, columns: SqlFragment, where: SqlFragment = sql`true`): SqlFragment {
  return sql`select s.started_at as at, s.started_at as started, s.session_id, ${columns} from sessions_sessions s where ${sessionsWithin(scope, span)} and ${where}`;
}

/** Rows `(at, started, session_id, <columns>)` of the picked sessions' events of `types` (alias `e`, the session `s`). */
export function eventRows(scope: WidgetScope, span: AnalyticsRange, types: readonly string[], columns: SqlFragment, where: SqlFragment = sql`true`): SqlFragment {
  return sql`select e.ts as at, s.started_at as started, e.session_id, ${columns}
    from sessions_events e join sessions_sessions s on s.session_id = e.session_id
    where ${sessionsWithin(scope, span)} and e.project_id = ${scope.input.projectId} and e.type in (${joinSql(types.map((t) => sql`${t}`), ', ')})
      and e.ts >= ${new Date(span.startDate)} and e.ts <= ${new Date(span.endDate)} and ${where}`;
}

/** The start of a row's bucket (`bin`), from its `at`. */
export function bucketOf(scope: WidgetScope): SqlFragment {
  return bucketStart(sql`at`, scope.input.range, scope.input.bucketMs);
}

/** A grouped `bin` as the bucket's index (negative before the range: the previous period's). */
export function binIndex(scope: WidgetScope): SqlFragment {
  return bucketIndex(sql`bin`, scope.input.range, scope.input.bucketMs);
}

/** An aggregate over rows, and what a bucket without rows shows (0 for a count, null for an average of nothing). */
export interface Aggregate {
  sql: SqlFragment;
  empty: 0 | null;
}

export const count = (where?: SqlFragment): Aggregate => ({ sql: where ? sql`count(*) filter (where ${where})` : sql`count(*)`, empty: 0 });
export const average = (of: SqlFragment, where?: SqlFragment): Aggregate => ({ sql: where ? sql`avg(${of}) filter (where ${where})::float8` : sql`avg(${of})::float8`, empty: null });
export const distinctSessions = (where?: SqlFragment): Aggregate => ({ sql: where ? sql`count(distinct session_id) filter (where ${where})` : sql`count(distinct session_id)`, empty: 0 });

const numberOr = (value: unknown, empty: 0 | null): number | null => (value === null || value === undefined ? empty : Number(value));

export interface Bucketed {
  /** Each aggregate over the whole range. */
  whole: (number | null)[];
  /** Each aggregate per bucket, `buckets` long. */
  charts: CataloguePoint[][];
}

/** Aggregates of `rows` per bucket of the range and over all of it, in one pass. */
export async function bucketed(scope: WidgetScope, rows: SqlFragment, aggregates: readonly Aggregate[]): Promise<Bucketed> {
  const columns = joinSql(aggregates.map((a, i) => sql`${a.sql} as ${trusted(`a${i}`)}`), ', ');
  const result = await runAnalytics<Record<string, unknown>>(scope.run, sql`
    select ${binIndex(scope)} as b, grouping(bin)::int as whole, ${columns}
    from (select ${bucketOf(scope)} as bin, r.* from (${rows}) r) x
    group by grouping sets ((bin), ())`);
  const perBucket = new Map<number, Record<string, unknown>>();
  let whole: Record<string, unknown> | undefined;
  for (const row of result) {
    if (Number(row.whole) === 1) whole = row;
    else perBucket.set(Number(row.b), row);
  }
  const { range, bucketMs, buckets } = scope.input;
  return {
    whole: aggregates.map((a, i) => numberOr(whole?.[`a${i}`], a.empty)),
    charts: aggregates.map((a, i) => Array.from({ length: buckets }, (_, b) => ({ timestamp: range.startDate + b * bucketMs, value: numberOr(perBucket.get(b)?.[`a${i}`], a.empty) }))),
  };
}

/** Named series from `bucketed`: a chart of `values` per bucket. */
export function namedChart(names: readonly string[], charts: readonly CataloguePoint[][]): { timestamp: number; values: Record<string, number | null> }[] {
  return (charts[0] ?? []).map((point, b) => ({ timestamp: point.timestamp, values: Object.fromEntries(names.map((name, i) => [name, charts[i]![b]!.value])) }));
}

export interface Ranked {
  rows: CatalogueTableRow[];
  /** `value` over all rows of every group. */
  total: number;
  others: number;
}

export interface RankedSpec {
  /** The rows, with a text column `name` (the group). */
  rows: SqlFragment;
  value: Aggregate;
  /** Further aggregates per group, by the name the row's `details` gives them. */
  details?: Record<string, SqlFragment>;
  /** The sparkline's aggregate per bucket (none: no sparkline). */
  chart?: Aggregate;
  limit: number;
}

/**
 * Groups by `name`, largest value first (then name in code-point order), the top `limit`, with
 * their details and sparklines.
 */
export async function ranked(scope: WidgetScope, spec: RankedSpec): Promise<Ranked> {
  const detailNames = Object.keys(spec.details ?? {});
  const details = detailNames.map((name, i) => sql`, ${spec.details![name]!} as ${trusted(`d${i}`)}`);
  const top = await runAnalytics<Record<string, unknown>>(scope.run, sql`
    with r as materialized (${spec.rows}),
    g as (select name, ${spec.value.sql} as value ${joinSql(details, ' ')} from r where name is not null and name <> '' group by name)
    select (select count(*) from g)::int as groups, (select ${spec.value.sql} from r where name is not null and name <> '') as whole, t.*
    from (select 1) one left join lateral (select * from g order by value desc, name collate "C" limit ${spec.limit}) t on true
    order by t.value desc, t.name collate "C"`);
  const first = top[0];
  const named = top.filter((row) => row.name !== null && row.name !== undefined);
  const rows: CatalogueTableRow[] = named.map((row) => ({
    name: String(row.name),
    value: Number(row.value),
    ...(detailNames.length ? { details: Object.fromEntries(detailNames.map((name, i) => [name, row[`d${i}`] === null ? null : typeof row[`d${i}`] === 'string' ? String(row[`d${i}`]) : Number(row[`d${i}`])])) } : {}),
  }));
  if (spec.chart && rows.length) {
    const chart = spec.chart;
    const perGroup = await runAnalytics<{ name: string; b: number; v: unknown }>(scope.run, sql`
      select name, ${binIndex(scope)} as b, ${chart.sql} as v
      from (select ${bucketOf(scope)} as bin, r.* from (${spec.rows}) r where r.name in (${joinSql(rows.map((row) => sql`${row.name}`), ', ')})) x
      group by name, bin`);
    const byGroup = new Map<string, Map<number, unknown>>();
    for (const row of perGroup) {
      const buckets = byGroup.get(row.name) ?? new Map<number, unknown>();
      buckets.set(Number(row.b), row.v);
      byGroup.set(row.name, buckets);
    }
    const { range, bucketMs, buckets } = scope.input;
    for (const row of rows) {
      row.chart = Array.from({ length: buckets }, (_, b) => ({ timestamp: range.startDate + b * bucketMs, value: numberOr(byGroup.get(row.name)?.get(b), chart.empty) }));
    }
  }
  const groups = first ? Number(first.groups) : 0;
  return { rows, total: first && first.whole !== null ? Number(first.whole) : 0, others: Math.max(0, groups - rows.length) };
}

/** The resource kind of a RESOURCE or FETCH row `e` (see RESOURCE_KINDS): from the initiator the browser reported. */
export const RESOURCE_KIND = sql`case
  when e.type = 'FETCH' or e.label in ('fetch', 'xmlhttprequest', 'beacon') then 'fetch'
  when e.label in ('img', 'image', 'icon', 'input') then 'img'
  when e.label = 'script' then 'script'
  when e.label = 'link' then 'stylesheet'
  when e.label in ('video', 'audio', 'track') then 'media'
  else 'other' end`;
