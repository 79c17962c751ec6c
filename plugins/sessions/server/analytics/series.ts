import { sql, type SqlRunner } from '@cassette/plugin-sdk/server';
import type { FilterCompileContext, SessionFilterCompiler } from '../../api.js';
import type { SeriesAnswer, SeriesQuery } from '../../shared/analytics.js';
import { bucketCount, checkBucket, checkMeasure, checkProjectId, checkQuery, checkRange, filterOverRange } from './analytics-input.js';
import { measured } from './measured.js';
import { bucketIndex, bucketStart } from './time-buckets.js';

/**
 * Sessions or users per time bucket (SeriesQuery): the filter compiler picks the sessions
 * started within the range, one pass counts them per bucket and over the whole range (a
 * grouping set, so users are distinct over the range rather than a sum of buckets). Buckets
 * nobody started in come back as zeros here, not from the database.
 */
export async function seriesOf(run: SqlRunner, compiler: SessionFilterCompiler, query: SeriesQuery, context: FilterCompileContext): Promise<SeriesAnswer> {
  const q = checkQuery(query);
  const projectId = checkProjectId(q.projectId);
  const range = checkRange(q.range);
  const bucketMs = checkBucket(q.bucketMs, range);
  const measure = measured(checkMeasure(q.measure));
  const conditions = compiler.sessionConditions(projectId, filterOverRange(q.filter, range), context);
  const rows = await run<{ bucket: number | null; whole: number; value: number }>(sql`
    with picked as (
      select ${bucketStart(sql`s.started_at`, range, bucketMs)} as bin, ${measure.counted} as counted
      from sessions_sessions s
      where ${conditions}
    )
    select ${bucketIndex(sql`bin`, range, bucketMs)} as bucket, grouping(bin)::int as whole, ${measure.count}::int as value
    from picked
    group by grouping sets ((bin), ())`);
  const perBucket = new Map<number, number>();
  let total = 0;
  for (const row of rows) {
    if (Number(row.whole) === 1) total = Number(row.value);
    else perBucket.set(Number(row.bucket), Number(row.value));
  }
  const points = Array.from({ length: bucketCount(range, bucketMs) }, (_, i) => ({ timestamp: range.startDate + i * bucketMs, value: perBucket.get(i) ?? 0 }));
  return { points, total };
}
