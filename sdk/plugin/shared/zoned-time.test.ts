import { describe, expect, it } from 'vitest';
import { addDays, dayKey, daysInMonth, endOfDay, fromDayAndTime, fromWallTime, minuteKey, startOfDay, startOfMonth, startOfYear, toWallTime, zoneLabel } from './zoned-time.js';

// Berlin switches to winter time on Sunday 25 Oct 2026 (that day has 25 hours) and to summer time on 29 Mar 2026 (23 hours).
const AUTUMN_CHANGE = Date.UTC(2026, 9, 25, 12);
const SPRING_CHANGE = Date.UTC(2026, 2, 29, 12);

describe('wall time in a timezone', () => {
  it('reads an instant as the clock of an IANA zone, UTC or a fixed offset', () => {
    const instant = Date.UTC(2026, 10, 21, 23, 30, 15);
    expect(toWallTime(instant, 'UTC')).toEqual({ year: 2026, month: 11, day: 21, hour: 23, minute: 30, second: 15 });
    expect(toWallTime(instant, 'Europe/Berlin')).toEqual({ year: 2026, month: 11, day: 22, hour: 0, minute: 30, second: 15 });
    expect(toWallTime(instant, '+02:00')).toMatchObject({ day: 22, hour: 1, minute: 30 });
    expect(toWallTime(instant, 'UTC-5')).toMatchObject({ day: 21, hour: 18 });
    expect(toWallTime(instant, 'Asia/Kolkata')).toMatchObject({ day: 22, hour: 5, minute: 0 });
  });

  it('turns a wall time back into the instant, on both sides of a clock change', () => {
    expect(fromWallTime({ year: 2026, month: 10, day: 25, hour: 12, minute: 0 }, 'Europe/Berlin')).toBe(Date.UTC(2026, 9, 25, 11));
    expect(fromWallTime({ year: 2026, month: 10, day: 24, hour: 12, minute: 0 }, 'Europe/Berlin')).toBe(Date.UTC(2026, 9, 24, 10));
    expect(fromWallTime({ year: 2026, month: 11, day: 32, hour: 0, minute: 0 }, 'UTC')).toBe(Date.UTC(2026, 11, 2));
    expect(fromWallTime({ year: 2026, month: 1, day: 1, hour: 0, minute: 0 }, '-03:30')).toBe(Date.UTC(2026, 0, 1, 3, 30));
  });

  it('gives the instant after the gap for a time the clock skips, so a day that starts at 01:00 starts on that day', () => {
    // Santiago skips from 00:00 to 01:00 on 6 September 2026 (-04:00 to -03:00).
    expect(fromWallTime({ year: 2026, month: 9, day: 6, hour: 0, minute: 0 }, 'America/Santiago')).toBe(Date.UTC(2026, 8, 6, 4));
    expect(dayKey(startOfDay(Date.UTC(2026, 8, 6, 15), 'America/Santiago'), 'America/Santiago')).toBe('2026-09-06');
    // Berlin skips from 02:00 to 03:00 on 29 March 2026: 02:30 is read as 03:30, as Date reads it.
    expect(fromWallTime({ year: 2026, month: 3, day: 29, hour: 2, minute: 30 }, 'Europe/Berlin')).toBe(Date.UTC(2026, 2, 29, 1, 30));
    // Auckland, a day ahead of UTC.
    expect(fromWallTime({ year: 2026, month: 11, day: 23, hour: 8, minute: 0 }, 'Pacific/Auckland')).toBe(Date.UTC(2026, 10, 22, 19));
  });

  it('finds the day around an instant: 25 hours on the autumn change, 23 in spring', () => {
    expect(startOfDay(AUTUMN_CHANGE, 'Europe/Berlin')).toBe(Date.UTC(2026, 9, 24, 22));
    expect(endOfDay(AUTUMN_CHANGE, 'Europe/Berlin')).toBe(Date.UTC(2026, 9, 25, 22, 59, 59, 999));
    expect(endOfDay(SPRING_CHANGE, 'Europe/Berlin') + 1 - startOfDay(SPRING_CHANGE, 'Europe/Berlin')).toBe(23 * 3_600_000);
  });

  it('moves by calendar days, keeping the wall time across a clock change', () => {
    const beforeChange = Date.UTC(2026, 9, 24, 10); // 12:00 in Berlin (summer time)
    expect(addDays(beforeChange, 1, 'Europe/Berlin')).toBe(Date.UTC(2026, 9, 25, 11)); // 12:00 in winter time
    expect(addDays(Date.UTC(2026, 2, 1, 12), -1, 'UTC')).toBe(Date.UTC(2026, 1, 28, 12));
  });

  it('finds the first day of a month and of a year in the zone', () => {
    const earlyDecemberInBerlin = Date.UTC(2026, 10, 30, 23, 30); // already 1 December there
    expect(startOfMonth(earlyDecemberInBerlin, 'Europe/Berlin')).toBe(Date.UTC(2026, 10, 30, 23));
    expect(startOfMonth(earlyDecemberInBerlin, 'UTC')).toBe(Date.UTC(2026, 10, 1));
    expect(startOfMonth(Date.UTC(2026, 0, 15), 'UTC', -1)).toBe(Date.UTC(2025, 11, 1));
    expect(startOfYear(Date.UTC(2026, 11, 31, 23, 30), 'Europe/Berlin')).toBe(Date.UTC(2026, 11, 31, 23));
  });

  it('writes and reads day and minute keys, refusing incomplete or impossible values', () => {
    const instant = Date.UTC(2026, 10, 2, 7, 30);
    expect(dayKey(instant, 'Europe/Berlin')).toBe('2026-11-02');
    expect(minuteKey(instant, 'Europe/Berlin')).toBe('08:30');
    expect(fromDayAndTime('2026-11-02', '08:30', 'Europe/Berlin')).toBe(instant);
    expect(fromDayAndTime('2026-11-02', '', 'UTC')).toBeNull();
    expect(fromDayAndTime('', '08:30', 'UTC')).toBeNull();
    expect(fromDayAndTime('2026-02-30', '08:30', 'UTC')).toBeNull();
    expect(fromDayAndTime('2026-11-02', '24:00', 'UTC')).toBeNull();
    expect(daysInMonth(2028, 2)).toBe(29);
  });

  it('names the zone, and falls back to the browser zone for an unknown name', () => {
    expect(zoneLabel('Europe/Berlin')).toBe('Europe/Berlin');
    expect(zoneLabel('+2')).toBe('UTC+02:00');
    expect(zoneLabel('UTC-05:30')).toBe('UTC-05:30');
    expect(zoneLabel('Not/AZone')).toBe('');
    expect(() => toWallTime(0, 'Not/AZone')).not.toThrow();
  });
});
