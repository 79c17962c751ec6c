import { sql, type SqlFragment } from '@cassette/plugin-sdk/server';
import type { AnalyticsRange } from '../../shared/analytics.js';

/**
 * Time buckets of a range, in two steps. Per row, `date_bin` finds the start of the row's bucket
 * with integer arithmetic on timestamps; the epoch in ms (`extract(epoch ...)`, numeric since
 * PostgreSQL 14) cost two to three times the rows' own read when computed per row (a 7-day
 * overview widget at 100,000 sessions: 430–550 ms against 170 ms, of which 95 ms reading).
 * Then, per group only, the bucket's start becomes its index in the range: negative before
 * the range (a previous period's). A row on a bucket's edge falls in the later bucket.
 */
export function bucketStart(at: SqlFragment, range: Pick<AnalyticsRange, 'startDate'>, bucketMs: number): SqlFragment {
  return sql`date_bin(${`${bucketMs} milliseconds`}::interval, ${at}, ${new Date(range.startDate)}::timestamptz)`;
}

/** The index of a bucket whose start `bucketStart` gave (null stays null: a grouping set's total row). */
export function bucketIndex(start: SqlFragment, range: Pick<AnalyticsRange, 'startDate'>, bucketMs: number): SqlFragment {
  return sql`round((extract(epoch from ${start}) * 1000 - ${range.startDate}) / ${bucketMs})::int`;
}
