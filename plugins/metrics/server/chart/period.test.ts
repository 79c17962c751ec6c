import { describe, expect, it } from 'vitest';
import { bucketWidth, DEFAULT_PERIOD_MS, previousPeriod, resolvePeriod } from './period.js';

const HOUR = 3_600_000;
const T = Date.UTC(2026, 9, 5, 9);

describe('chart period', () => {
  it('reads both ends, or the past 7 days up to now, and refuses half a period or a backwards one', () => {
    expect(resolvePeriod({ startTimestamp: T, endTimestamp: T + HOUR })).toEqual({ startDate: T, endDate: T + HOUR });
    expect(resolvePeriod({}, T)).toEqual({ startDate: T - DEFAULT_PERIOD_MS, endDate: T });
    expect(() => resolvePeriod({ endTimestamp: T })).toThrow('Give both startTimestamp and endTimestamp');
    expect(() => resolvePeriod({ startTimestamp: T + 1, endTimestamp: T })).toThrow(`startTimestamp (${T + 1}) is after endTimestamp (${T}).`);
  });

  it('cuts a period into at most `density` buckets of a minute or more', () => {
    const threeHours = { startDate: T, endDate: T + 3 * HOUR - 1 };
    expect(bucketWidth(threeHours, 3)).toBe(HOUR);
    expect(bucketWidth(threeHours)).toBe(Math.ceil((3 * HOUR) / 70));
    expect(bucketWidth(threeHours, 1000)).toBe(60_000);
    // One more millisecond than three hours needs wider buckets to stay at 3.
    expect(bucketWidth({ startDate: T, endDate: T + 3 * HOUR }, 3)).toBe(HOUR + 1);
  });

  it('answers the period of the same length just before, never before the epoch', () => {
    expect(previousPeriod({ startDate: T, endDate: T + HOUR - 1 })).toEqual({ startDate: T - HOUR, endDate: T - 1 });
    expect(previousPeriod({ startDate: 10, endDate: 100 })).toEqual({ startDate: 0, endDate: 9 });
  });
});
