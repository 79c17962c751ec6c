import { badRequest } from '@cassette/plugin-sdk/server';
import type { AnalyticsRange } from '@cassette/plugin-sessions/api';
import { DEFAULT_DENSITY, type ChartPeriod } from '../../shared/chart.js';

const DAY = 86_400_000;
/** The analytics service counts buckets of a minute or more. */
const MIN_BUCKET_MS = 60_000;
/** Spec: dashboards read the past 7 days by default. */
export const DEFAULT_PERIOD_MS = 7 * DAY;

/** The period of a chart (both ends inclusive): both ends, neither (the past 7 days up to now), or a 400 saying what is missing. */
export function resolvePeriod(period: ChartPeriod, now = Date.now()): AnalyticsRange {
  const { startTimestamp, endTimestamp } = period;
  if (startTimestamp === undefined && endTimestamp === undefined) return { startDate: now - DEFAULT_PERIOD_MS, endDate: now };
  if (startTimestamp === undefined || endTimestamp === undefined) throw badRequest('Give both startTimestamp and endTimestamp (epoch ms), or neither for the past 7 days.');
  if (startTimestamp > endTimestamp) throw badRequest(`startTimestamp (${startTimestamp}) is after endTimestamp (${endTimestamp}).`);
  return { startDate: startTimestamp, endDate: endTimestamp };
}

/** The bucket width giving at most `density` points over the range: ceil(length / density), at least a minute. */
export function bucketWidth(range: AnalyticsRange, density = DEFAULT_DENSITY): number {
  return Math.max(MIN_BUCKET_MS, Math.ceil((range.endDate - range.startDate + 1) / density));
}

/** The period of the same length just before `range` (compare to the previous period). */
export function previousPeriod(range: AnalyticsRange): AnalyticsRange {
  const length = range.endDate - range.startDate + 1;
  return { startDate: Math.max(0, range.startDate - length), endDate: Math.max(0, range.startDate - 1) };
}
