import { describe, expect, it } from 'vitest';
import { ALERT_DATE_RANGES, ALL_DATE_RANGES, DEFAULT_DATE_RANGE, isDateRangeValue, rangeBounds, rangeButtonLabel, type DateRangeValue } from './date-ranges.js';

// Saturday 21 Nov 2026, 14:05 UTC: 15:05 in Berlin (UTC+1 in November).
const NOW = Date.UTC(2026, 10, 21, 14, 5);
const bounds = (value: DateRangeValue, timezone = 'UTC', now = NOW) => rangeBounds(value, timezone, now);

describe('the named date ranges', () => {
  it('offers every range of both spec parts, and the alert picker leaves out 30 minutes and custom', () => {
    expect(ALL_DATE_RANGES).toEqual(['LAST_30_MINUTES', 'TODAY', 'YESTERDAY', 'LAST_24_HOURS', 'LAST_7_DAYS', 'LAST_30_DAYS', 'THIS_MONTH', 'LAST_MONTH', 'THIS_YEAR', 'CUSTOM_RANGE']);
    expect(ALERT_DATE_RANGES).toEqual(['TODAY', 'YESTERDAY', 'LAST_24_HOURS', 'LAST_7_DAYS', 'LAST_30_DAYS', 'THIS_MONTH', 'LAST_MONTH', 'THIS_YEAR']);
    expect(DEFAULT_DATE_RANGE).toBe('LAST_7_DAYS');
    expect(isDateRangeValue('THIS_YEAR')).toBe(true);
    expect(isDateRangeValue('LAST_WEEK')).toBe(false);
  });

  it('ends the minute and hour ranges now', () => {
    expect(bounds('LAST_30_MINUTES')).toEqual({ startDate: NOW - 30 * 60_000, endDate: NOW });
    expect(bounds('LAST_24_HOURS')).toEqual({ startDate: NOW - 86_400_000, endDate: NOW });
  });

  it('runs the day ranges from a midnight to the end of a day, in the viewer timezone', () => {
    const tonight = Date.UTC(2026, 10, 21, 23, 59, 59, 999);
    expect(bounds('TODAY')).toEqual({ startDate: Date.UTC(2026, 10, 21), endDate: tonight });
    expect(bounds('YESTERDAY')).toEqual({ startDate: Date.UTC(2026, 10, 20), endDate: Date.UTC(2026, 10, 20, 23, 59, 59, 999) });
    expect(bounds('LAST_7_DAYS')).toEqual({ startDate: Date.UTC(2026, 10, 14), endDate: tonight });
    expect(bounds('LAST_30_DAYS')).toEqual({ startDate: Date.UTC(2026, 9, 22), endDate: tonight });
    expect(bounds('TODAY', 'Europe/Berlin')).toEqual({ startDate: Date.UTC(2026, 10, 20, 23), endDate: Date.UTC(2026, 10, 21, 22, 59, 59, 999) });
    // Late on the 21st in UTC is already the 22nd in Tokyo.
    expect(bounds('TODAY', 'Asia/Tokyo', Date.UTC(2026, 10, 21, 20)).startDate).toBe(Date.UTC(2026, 10, 21, 15));
  });

  it('takes calendar months and the year from their first midnight', () => {
    expect(bounds('THIS_MONTH')).toEqual({ startDate: Date.UTC(2026, 10, 1), endDate: Date.UTC(2026, 10, 21, 23, 59, 59, 999) });
    expect(bounds('LAST_MONTH')).toEqual({ startDate: Date.UTC(2026, 9, 1), endDate: Date.UTC(2026, 10, 1) - 1 });
    expect(bounds('THIS_YEAR')).toEqual({ startDate: Date.UTC(2026, 0, 1), endDate: Date.UTC(2026, 10, 21, 23, 59, 59, 999) });
    // In January, last month is December of the year before; Berlin's months start an hour before UTC's.
    expect(bounds('LAST_MONTH', 'Europe/Berlin', Date.UTC(2027, 0, 10))).toEqual({ startDate: Date.UTC(2026, 10, 30, 23), endDate: Date.UTC(2026, 11, 31, 23) - 1 });
  });

  it('keeps a custom range, and falls back to the default range without both ends', () => {
    expect(rangeBounds('CUSTOM_RANGE', 'UTC', NOW, { startDate: 1, endDate: 2 })).toEqual({ startDate: 1, endDate: 2 });
    expect(rangeBounds('CUSTOM_RANGE', 'UTC', NOW, { startDate: null, endDate: 5 })).toEqual(bounds('LAST_7_DAYS'));
    expect(rangeBounds('CUSTOM_RANGE', 'UTC', NOW)).toEqual(bounds('LAST_7_DAYS'));
  });

  it('labels the button with the range, or a custom range to the minute', () => {
    expect(rangeButtonLabel('LAST_30_MINUTES', null, null, 'UTC')).toBe('30 Minutes');
    expect(rangeButtonLabel('THIS_MONTH', 1, 2, 'UTC')).toBe('This Month');
    expect(rangeButtonLabel('CUSTOM_RANGE', Date.UTC(2026, 10, 2, 7, 30), Date.UTC(2026, 10, 3, 22, 59, 59, 999), 'Europe/Berlin')).toBe('Nov 2, 2026 08:30 – Nov 3, 2026 23:59');
    expect(rangeButtonLabel('CUSTOM_RANGE', null, null, 'UTC')).toBe('Custom Range');
  });
});
