import { describe, expect, it } from 'vitest';
import { localToUtc, localWeekday, nextExecution, zoneOffsetMinutes } from './schedule-time.js';

const WINTER = Date.UTC(2026, 0, 15, 12); // Thursday 15 Jan 2026
const SUMMER = Date.UTC(2026, 6, 15, 12); // Wednesday 15 Jul 2026

describe('scheduler time conversion (spec §9: local hours to UTC minutes)', () => {
  it('reads a zone offset, daylight saving included', () => {
    expect(zoneOffsetMinutes('Europe/Berlin', WINTER)).toBe(60);
    expect(zoneOffsetMinutes('Europe/Berlin', SUMMER)).toBe(120);
    expect(zoneOffsetMinutes('America/New_York', WINTER)).toBe(-300);
    expect(zoneOffsetMinutes('Asia/Kolkata', SUMMER)).toBe(330);
    expect(zoneOffsetMinutes('UTC', SUMMER)).toBe(0);
  });

  it('converts a local hour of every day to UTC minutes', () => {
    expect(localToUtc(9, -1, 'Europe/Berlin', WINTER)).toEqual({ hour: 8 * 60, day: -1 });
    expect(localToUtc(9, -1, 'Europe/Berlin', SUMMER)).toEqual({ hour: 7 * 60, day: -1 });
    expect(localToUtc(0, -1, 'UTC', SUMMER)).toEqual({ hour: 0, day: -1 });
    expect(localToUtc(23, -1, 'UTC', SUMMER)).toEqual({ hour: 23 * 60, day: -1 });
  });

  it('moves a weekday back when the UTC time falls on the day before', () => {
    // Monday 03:00 in Kolkata (UTC+5:30) is Sunday 21:30 UTC.
    expect(localToUtc(3, 0, 'Asia/Kolkata', SUMMER)).toEqual({ hour: 21 * 60 + 30, day: 6 });
    // Sunday 01:00 in Berlin summer time is Saturday 23:00 UTC.
    expect(localToUtc(1, 6, 'Europe/Berlin', SUMMER)).toEqual({ hour: 23 * 60, day: 5 });
  });

  it('moves a weekday forward when the UTC time falls on the next day', () => {
    // Sunday 22:00 in New York (UTC-5 in winter) is Monday 03:00 UTC.
    expect(localToUtc(22, 6, 'America/New_York', WINTER)).toEqual({ hour: 3 * 60, day: 0 });
  });

  it('gives back the weekday the member chose from the stored UTC one', () => {
    expect(localWeekday({ day: 6, localHour: 3, timezone: 'Asia/Kolkata' }, SUMMER)).toBe(0);
    expect(localWeekday({ day: 0, localHour: 22, timezone: 'America/New_York' }, WINTER)).toBe(6);
    expect(localWeekday({ day: 2, localHour: 12, timezone: 'UTC' }, SUMMER)).toBe(2);
    expect(localWeekday({ day: -1, localHour: 12, timezone: 'Asia/Kolkata' }, SUMMER)).toBe(-1);
  });

  it('keeps every-N-minutes schedules as they are', () => {
    expect(localToUtc(5, -2, 'Asia/Kolkata', SUMMER).day).toBe(-2);
  });
});

describe('next execution time', () => {
  it('counts every N minutes from the last run', () => {
    expect(nextExecution({ day: -2, minutes: 30, hour: 0 }, WINTER)).toBe(WINTER + 30 * 60_000);
  });

  it('runs every day at the UTC minute, today when still ahead, else tomorrow', () => {
    expect(nextExecution({ day: -1, minutes: 30, hour: 13 * 60 }, WINTER)).toBe(Date.UTC(2026, 0, 15, 13));
    expect(nextExecution({ day: -1, minutes: 30, hour: 11 * 60 }, WINTER)).toBe(Date.UTC(2026, 0, 16, 11));
    expect(nextExecution({ day: -1, minutes: 30, hour: 12 * 60 }, WINTER)).toBe(Date.UTC(2026, 0, 16, 12));
  });

  it('runs on its weekday', () => {
    // 15 Jan 2026 is a Thursday (3); the next Monday (0) is 19 Jan.
    expect(nextExecution({ day: 0, minutes: 30, hour: 8 * 60 }, WINTER)).toBe(Date.UTC(2026, 0, 19, 8));
    expect(nextExecution({ day: 3, minutes: 30, hour: 13 * 60 }, WINTER)).toBe(Date.UTC(2026, 0, 15, 13));
    expect(nextExecution({ day: 3, minutes: 30, hour: 11 * 60 }, WINTER)).toBe(Date.UTC(2026, 0, 22, 11));
  });
});
