import type { AnalyticsRange } from '@cassette/plugin-sessions/api';

export const MINUTE_MS = 60_000;

/**
 * The period an evaluation at `now` reads: the last one to have ended, periods ending at the
 * alert's last save (`anchoredAt`) and every period length after it. So a saved alert is
 * checked over the period just before it was saved, right away, and then once per period (as
 * OpenReplay checks an alert every period from its creation); and every process evaluating at
 * about the same time names the same period, which is what makes its claim unique. Null before
 * the anchor (a clock behind the database's).
 */
export function periodEndAt(now: number, anchoredAt: number, currentPeriodMinutes: number): number | null {
  if (now < anchoredAt) return null;
  const length = currentPeriodMinutes * MINUTE_MS;
  return anchoredAt + Math.floor((now - anchoredAt) / length) * length;
}

/** The current period ends at `periodEnd`; the previous one ends where it starts. Both ends inclusive, as the analytics service reads ranges. */
export function periodRanges(periodEnd: number, currentPeriodMinutes: number, previousPeriodMinutes: number): { current: AnalyticsRange; previous: AnalyticsRange } {
  const currentStart = periodEnd - currentPeriodMinutes * MINUTE_MS;
  return {
    current: { startDate: currentStart, endDate: periodEnd - 1 },
    previous: { startDate: currentStart - previousPeriodMinutes * MINUTE_MS, endDate: currentStart - 1 },
  };
}
