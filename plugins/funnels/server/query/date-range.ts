import type { DateRangeValue } from '@cassette/plugin-sdk/ui';
import type { AnalyticsRange } from '@cassette/plugin-sessions/api';

/** The date picker's range names (the SDK's DATE_RANGES); funnels default to the past 7 days (spec part 1 §3). */
export const RANGE_NAMES = ['LAST_30_MINUTES', 'TODAY', 'YESTERDAY', 'LAST_24_HOURS', 'LAST_7_DAYS', 'LAST_30_DAYS', 'THIS_MONTH', 'LAST_MONTH', 'THIS_YEAR', 'CUSTOM_RANGE'] as const satisfies readonly DateRangeValue[];
export type RangeName = (typeof RANGE_NAMES)[number];
export const DEFAULT_RANGE: RangeName = 'LAST_7_DAYS';

const DAY_MS = 86_400_000;
const startOfUtcDay = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;
const endOfUtcDay = (ms: number) => startOfUtcDay(ms) + DAY_MS - 1;

/**
 * What a named range means at `now`, with days in UTC: the server does not know the viewer's
 * timezone, so the UI sends the bounds it computed (startDate, endDate), which win over the
 * name. Day ranges run from the first day's midnight to the end of today, as the picker's do.
 * A custom range has no meaning without its dates: null.
 */
export function namedRangeBounds(name: RangeName, now: number): AnalyticsRange | null {
  const untilTonight = (startDate: number) => ({ startDate, endDate: endOfUtcDay(now) });
  const date = new Date(now);
  switch (name) {
    case 'LAST_30_MINUTES':
      return { startDate: now - 30 * 60_000, endDate: now };
    case 'LAST_24_HOURS':
      return { startDate: now - DAY_MS, endDate: now };
    case 'TODAY':
      return untilTonight(startOfUtcDay(now));
    case 'YESTERDAY':
      return { startDate: startOfUtcDay(now) - DAY_MS, endDate: startOfUtcDay(now) - 1 };
    case 'LAST_7_DAYS':
      return untilTonight(startOfUtcDay(now) - 7 * DAY_MS);
    case 'LAST_30_DAYS':
      return untilTonight(startOfUtcDay(now) - 30 * DAY_MS);
    case 'THIS_MONTH':
      return untilTonight(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
    case 'LAST_MONTH':
      return { startDate: Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - 1, 1), endDate: Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) - 1 };
    case 'THIS_YEAR':
      return untilTonight(Date.UTC(date.getUTCFullYear(), 0, 1));
    case 'CUSTOM_RANGE':
      return null;
  }
}
