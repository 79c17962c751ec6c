import { badRequest, sql, trusted, type SqlRunner } from '@cassette/plugin-sdk/server';
import type { SessionSearchFilter } from '@cassette/plugin-sessions/api';
import { catalogueWidget } from '../../shared/catalogue.js';
import type { MetricFormat, MetricOptions, MetricType, Series, ViewType } from '../../shared/metric.js';
import type { MetricDefinition } from '../input/metric-input.js';

/** A stored metric with its series, before its owner and dashboards are looked up. */
export interface StoredMetric extends MetricOptions {
  metricId: number;
  projectId: number;
  userId: number | null;
  createdAt: number;
  lastModified: number;
  series: Series[];
}

interface MetricRow {
  metric_id: number;
  project_id: number;
  user_id: number | null;
  name: string;
  metric_type: MetricType;
  metric_of: string;
  metric_value: string[] | string;
  metric_format: MetricFormat;
  view_type: ViewType;
  is_public: boolean;
  created_at: Date | string;
  updated_at: Date | string;
}

interface SeriesRow {
  series_id: number;
  metric_id: number;
  index: number;
  name: string;
  filter: SessionSearchFilter | string;
}

const COLUMNS = trusted('m.metric_id, m.project_id, m.user_id, m.name, m.metric_type, m.metric_of, m.metric_value, m.metric_format, m.view_type, m.is_public, m.created_at, m.updated_at');
const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

function toStored(row: MetricRow, series: Series[]): StoredMetric {
  return {
    metricId: row.metric_id,
    projectId: row.project_id,
    userId: row.user_id,
    name: row.name,
    metricType: row.metric_type,
    metricOf: row.metric_of,
    metricValue: json<string[]>(row.metric_value),
    metricFormat: row.metric_format,
    viewType: row.view_type,
    isPublic: row.is_public,
    createdAt: new Date(row.created_at).getTime(),
    lastModified: new Date(row.updated_at).getTime(),
    series,
  };
}

async function withSeries(run: SqlRunner, rows: MetricRow[]): Promise<StoredMetric[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.metric_id);
  const series = await run<SeriesRow>(sql`select series_id, metric_id, index, name, filter from metrics_series where metric_id in (${ids}) order by metric_id, index, series_id`);
  const byMetric = new Map<number, Series[]>();
  for (const s of series) {
    const list = byMetric.get(s.metric_id) ?? [];
    list.push({ seriesId: s.series_id, index: s.index, name: s.name, filter: json<SessionSearchFilter>(s.filter) });
    byMetric.set(s.metric_id, list);
  }
  return rows.map((row) => toStored(row, byMetric.get(row.metric_id) ?? []));
}

/** Who sees a metric: its author, and the team when it is public (predefined ones are public). */
const visibleTo = (userId: number) => sql`(m.user_id = ${userId} or m.is_public)`;

export interface MetricsListQuery {
  /** Case-insensitive, anywhere in the name. */
  search?: string;
  limit: number;
  offset: number;
}

/** The caller's custom metrics and the project's public ones, last modified first, a page at a time. */
export async function listVisibleCustom(run: SqlRunner, projectId: number, userId: number, q: MetricsListQuery): Promise<{ metrics: StoredMetric[]; total: number }> {
  const search = q.search ? sql`and m.name ilike ${`%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : trusted('');
  const where = sql`m.project_id = ${projectId} and m.metric_type <> 'predefined' and ${visibleTo(userId)} ${search}`;
  const [count] = await run<{ total: number }>(sql`select count(*)::int as total from metrics_metrics m where ${where}`);
  const rows = await run<MetricRow>(sql`select ${COLUMNS} from metrics_metrics m where ${where} order by m.updated_at desc, m.metric_id desc limit ${q.limit} offset ${q.offset}`);
  return { metrics: await withSeries(run, rows), total: Number(count?.total ?? 0) };
}

export async function findInProject(run: SqlRunner, projectId: number, metricId: number): Promise<StoredMetric | null> {
  const rows = await run<MetricRow>(sql`select ${COLUMNS} from metrics_metrics m where m.project_id = ${projectId} and m.metric_id = ${metricId}`);
  const [metric] = await withSeries(run, rows);
  return metric ?? null;
}

/** Metrics by id, in the project (any visibility: the caller decides what to show). */
export async function findManyInProject(run: SqlRunner, projectId: number, metricIds: readonly number[]): Promise<StoredMetric[]> {
  if (metricIds.length === 0) return [];
  const rows = await run<MetricRow>(sql`select ${COLUMNS} from metrics_metrics m where m.project_id = ${projectId} and m.metric_id in (${[...metricIds]})`);
  return withSeries(run, rows);
}

async function writeSeries(run: SqlRunner, metricId: number, series: MetricDefinition['series']): Promise<void> {
  const existing = new Set((await run<{ series_id: number }>(sql`select series_id from metrics_series where metric_id = ${metricId}`)).map((r) => r.series_id));
  series.forEach((s, i) => {
    if (s.seriesId !== undefined && !existing.has(s.seriesId)) throw badRequest(`Series ${i + 1}: seriesId ${s.seriesId} is not a series of this metric (leave it out for a new series).`);
  });
  const kept = series.flatMap((s) => (s.seriesId !== undefined ? [s.seriesId] : []));
  await run(sql`delete from metrics_series where metric_id = ${metricId} ${kept.length ? sql`and series_id not in (${kept})` : trusted('')}`);
  for (const [index, s] of series.entries()) {
    if (s.seriesId !== undefined) await run(sql`update metrics_series set index = ${index}, name = ${s.name}, filter = ${JSON.stringify(s.filter)}::jsonb where series_id = ${s.seriesId}`);
    else await run(sql`insert into metrics_series (metric_id, index, name, filter) values (${metricId}, ${index}, ${s.name}, ${JSON.stringify(s.filter)}::jsonb)`);
  }
}

/** Saves a new custom metric and its series (call inside a transaction). */
export async function insertMetric(run: SqlRunner, projectId: number, userId: number, m: MetricDefinition): Promise<StoredMetric> {
  const [row] = await run<{ metric_id: number }>(sql`insert into metrics_metrics (project_id, user_id, name, metric_type, metric_of, metric_value, metric_format, view_type, is_public)
    values (${projectId}, ${userId}, ${m.name}, ${m.metricType}, ${m.metricOf}, ${JSON.stringify(m.metricValue)}::jsonb, ${m.metricFormat}, ${m.viewType}, ${m.isPublic})
    returning metric_id`);
  await writeSeries(run, row!.metric_id, m.series.map(({ seriesId: _ignored, ...s }) => s));
  return (await findInProject(run, projectId, row!.metric_id))!;
}

/** Replaces a custom metric's definition; series given with their id keep it (call inside a transaction). */
export async function updateMetric(run: SqlRunner, projectId: number, metricId: number, m: MetricDefinition): Promise<StoredMetric | null> {
  const rows = await run<{ metric_id: number }>(sql`update metrics_metrics
    set name = ${m.name}, metric_type = ${m.metricType}, metric_of = ${m.metricOf}, metric_value = ${JSON.stringify(m.metricValue)}::jsonb,
      metric_format = ${m.metricFormat}, view_type = ${m.viewType}, is_public = ${m.isPublic}, updated_at = clock_timestamp()
    where project_id = ${projectId} and metric_id = ${metricId} and metric_type <> 'predefined'
    returning metric_id`);
  if (rows.length === 0) return null;
  await writeSeries(run, metricId, m.series);
  return findInProject(run, projectId, metricId);
}

/** Deletes a metric; its series and its widgets on every dashboard go with it. */
export async function deleteMetric(run: SqlRunner, projectId: number, metricId: number): Promise<boolean> {
  const rows = await run<{ metric_id: number }>(sql`delete from metrics_metrics where project_id = ${projectId} and metric_id = ${metricId} returning metric_id`);
  return rows.length > 0;
}

/**
 * The project's predefined metric of a catalogue key, made the first time a dashboard places it
 * (one per project and key: the unique index settles two requests at once).
 */
export async function predefinedMetric(run: SqlRunner, projectId: number, key: string): Promise<StoredMetric> {
  const widget = catalogueWidget(key);
  if (!widget) throw badRequest(`Unknown widget ${JSON.stringify(key)}: predefinedKey must be a key of the catalogue (GET /metrics/templates).`);
  await run(sql`insert into metrics_metrics (project_id, user_id, name, metric_type, metric_of, view_type, is_public)
    values (${projectId}, null, ${widget.name}, 'predefined', ${key}, ${widget.chart}, true)
    on conflict (project_id, metric_of) where metric_type = 'predefined' do nothing`);
  const rows = await run<MetricRow>(sql`select ${COLUMNS} from metrics_metrics m where m.project_id = ${projectId} and m.metric_type = 'predefined' and m.metric_of = ${key}`);
  return (await withSeries(run, rows))[0]!;
}
