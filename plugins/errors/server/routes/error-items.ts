import { sql, type SqlRunner } from '@cassette/plugin-sdk/server';
import type { ErrorListItem } from '../../api.js';
import { last30Days, occurrenceCharts } from './charts.js';
import { epoch, type ErrorRow } from './error-lookup.js';

export interface ErrorCounts {
  users: number;
  sessions: number;
  occurrences: number;
}

const NO_COUNTS: ErrorCounts = { users: 0, sessions: 0, occurrences: 0 };

/** Users, sessions and occurrences of several groups in one query. */
export async function errorCounts(run: SqlRunner, projectId: number, errorIds: readonly string[]): Promise<Map<string, ErrorCounts>> {
  const counts = new Map<string, ErrorCounts>();
  if (!errorIds.length) return counts;
  const rows = await run<{ error_id: string } & ErrorCounts>(sql`select error_id, count(distinct user_key)::int as users, count(distinct session_id)::int as sessions, count(*)::int as occurrences
     from errors_occurrences where project_id = ${projectId} and error_id in (${[...errorIds]}) group by error_id`);
  for (const r of rows) counts.set(r.error_id, { users: Number(r.users), sessions: Number(r.sessions), occurrences: Number(r.occurrences) });
  return counts;
}

/** How many occurrences of each group synthetic test runs recorded (from the small partial index). */
export async function syntheticCounts(run: SqlRunner, projectId: number, errorIds: readonly string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (!errorIds.length) return counts;
  const rows = await run<{ error_id: string; n: number }>(sql`select error_id, count(*)::int as n from errors_occurrences
     where project_id = ${projectId} and error_id in (${[...errorIds]}) and synthetic group by error_id`);
  for (const r of rows) counts.set(r.error_id, Number(r.n));
  return counts;
}

/** Which of these groups the caller bookmarked and viewed. */
export async function callerMarks(run: SqlRunner, userId: number, errorIds: readonly string[]): Promise<{ favorite: Set<string>; viewed: Set<string> }> {
  if (!errorIds.length) return { favorite: new Set(), viewed: new Set() };
  const ids = [...errorIds];
  const favorite = await run<{ error_id: string }>(sql`select error_id from errors_favorites where user_id = ${userId} and error_id in (${ids})`);
  const viewed = await run<{ error_id: string }>(sql`select error_id from errors_viewed where user_id = ${userId} and error_id in (${ids})`);
  return { favorite: new Set(favorite.map((r) => r.error_id)), viewed: new Set(viewed.map((r) => r.error_id)) };
}

/** Groups as the list shows them: counts (and how many of them synthetic runs recorded), the 30-day chart and the caller's marks, a fixed number of queries for the page. */
export async function toListItems(run: SqlRunner, projectId: number, viewerId: number, rows: readonly ErrorRow[], now = Date.now()): Promise<ErrorListItem[]> {
  const ids = rows.map((r) => r.error_id);
  const counts = await errorCounts(run, projectId, ids);
  const synthetic = await syntheticCounts(run, projectId, ids);
  const charts = await occurrenceCharts(run, projectId, ids, last30Days(now));
  const marks = await callerMarks(run, viewerId, ids);
  return rows.map((r) => {
    const { users, sessions, occurrences } = counts.get(r.error_id) ?? NO_COUNTS;
    const syntheticOccurrences = synthetic.get(r.error_id) ?? 0;
    return {
      errorId: r.error_id,
      source: r.source,
      name: r.name,
      message: r.message,
      status: r.status,
      parentErrorId: r.parent_error_id,
      users,
      sessions,
      occurrences,
      firstOccurrence: epoch(r.first_occurrence_at),
      lastOccurrence: epoch(r.last_occurrence_at),
      firstFrame: r.first_frame,
      chart: charts.get(r.error_id) ?? [],
      favorite: marks.favorite.has(r.error_id),
      viewed: marks.viewed.has(r.error_id),
      syntheticOccurrences,
      synthetic: occurrences > 0 && syntheticOccurrences >= occurrences,
    };
  });
}
