import type { AnalyticsRange } from '@cassette/plugin-sessions/api';

export const MINUTE_MS = 60_000;

/**
 * The period an evaluation at `now` reads: the last whole one, aligned on multiples of its
 * length since the epoch (UTC), so every process evaluating at about the same time names the
 * same period, which is what makes its claim unique.
 */
export function periodEndAt(now: number, currentPeriodMinutes: number): number {
  const length = currentPeriodMinutes * MINUTE_MS;
  return Math.floor(now / length) * length;
}

/** The current period ends at `periodEnd`; the previous one ends where it starts. Both ends inclusive, as the analytics service reads ranges. */
export function periodRanges(periodEnd: number, currentPeriodMinutes: number, previousPeriodMinutes: number): { current: AnalyticsRange; previous: AnalyticsRange } {
  const currentStart = periodEnd - currentPeriodMinutes * MINUTE_MS;
  return {
    current: { startDate: currentStart, endDate: periodEnd - 1 },
    previous: { startDate: currentStart - previousPeriodMinutes * MINUTE_MS, endDate: currentStart - 1 },
  };
}
