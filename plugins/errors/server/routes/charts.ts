import { sql, type SqlRunner } from '@cassette/plugin-sdk/server';
import type { ChartPoint } from '../../api.js';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** Buckets of `size` ms ending with the one holding `now` (UTC-aligned), oldest first. */
export interface ChartWindow {
  start: number;
  size: number;
  count: number;
}

export function chartWindow(now: number, size: number, count: number): ChartWindow {
  const current = Math.floor(now / size) * size;
  return { start: current - (count - 1) * size, size, count };
}

/** The list's small chart and the detail's 30-day one. */
export const last30Days = (now: number) => chartWindow(now, DAY_MS, 30);
/** The detail's 24-hour chart. */
export const last24Hours = (now: number) => chartWindow(now, HOUR_MS, 24);

/**
 * Occurrences per bucket of several groups in one query; buckets without any are zero.
 * Answers a chart for each id asked, even one without occurrences.
 */
export async function occurrenceCharts(run: SqlRunner, projectId: number, errorIds: readonly string[], window: ChartWindow): Promise<Map<string, ChartPoint[]>> {
  const charts = new Map<string, ChartPoint[]>();
  for (const id of errorIds) charts.set(id, Array.from({ length: window.count }, (_, i) => ({ timestamp: window.start + i * window.size, count: 0 })));
  if (!errorIds.length) return charts;
  const rows = await run<{ error_id: string; bucket: number; n: number }>(sql`select error_id, floor((extract(epoch from ts) * 1000 - ${window.start}::bigint) / ${window.size}::bigint)::int as bucket, count(*)::int as n
     from errors_occurrences where project_id = ${projectId} and error_id in (${[...errorIds]}) and ts >= ${new Date(window.start)} and ts < ${new Date(window.start + window.count * window.size)}
     group by 1, 2`);
  for (const row of rows) {
    const point = charts.get(row.error_id)?.[Number(row.bucket)];
    if (point) point.count = Number(row.n);
  }
  return charts;
}
