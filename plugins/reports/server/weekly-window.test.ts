import { describe, expect, it } from 'vitest';
import { dueWeeklyReport, isoWeekOf, weekBefore } from './weekly-window.js';

const HOUR = 3_600_000;
const utc = (y: number, m: number, d: number, h = 0, min = 0) => Date.UTC(y, m - 1, d, h, min);

describe('weekly report window', () => {
  it('is due from Monday 08:00 local to the end of Monday, covering the previous Monday to Sunday', () => {
    // Monday 23 November 2026.
    expect(dueWeeklyReport(utc(2026, 11, 23, 7, 59), 'UTC')).toBeNull();
    const due = dueWeeklyReport(utc(2026, 11, 23, 8, 0), 'UTC')!;
    expect(due).toMatchObject({ week: '2026-W47', range: { startDate: utc(2026, 11, 16), endDate: utc(2026, 11, 23) - 1 }, previous: { startDate: utc(2026, 11, 9), endDate: utc(2026, 11, 16) - 1 } });
    expect(due.firstDay).toEqual({ year: 2026, month: 11, day: 16 });
    expect(due.lastDay).toEqual({ year: 2026, month: 11, day: 22 });
    // A process that was down at 08:00 still sends it later that Monday...
    expect(dueWeeklyReport(utc(2026, 11, 23, 23, 30), 'UTC')?.week).toBe('2026-W47');
    // ...but not on Tuesday, nor on the Sunday before.
    expect(dueWeeklyReport(utc(2026, 11, 24, 0, 0), 'UTC')).toBeNull();
    expect(dueWeeklyReport(utc(2026, 11, 22, 12, 0), 'UTC')).toBeNull();
  });

  it("follows the tenant's zone: Auckland's Monday morning is Sunday evening in UTC, Los Angeles' is Monday afternoon", () => {
    // Auckland is UTC+13 in November (daylight saving time): Monday 08:00 there is Sunday 19:00 UTC.
    const sunday1900 = utc(2026, 11, 22, 19, 0);
    const auckland = dueWeeklyReport(sunday1900, 'Pacific/Auckland')!;
    expect(auckland.week).toBe('2026-W47');
    expect(auckland.range).toEqual({ startDate: utc(2026, 11, 15, 11), endDate: utc(2026, 11, 22, 11) - 1 });
    expect(dueWeeklyReport(sunday1900 - 1, 'Pacific/Auckland')).toBeNull();
    expect(dueWeeklyReport(sunday1900, 'UTC')).toBeNull();
    // Los Angeles is UTC-8: Monday 08:00 there is Monday 16:00 UTC.
    expect(dueWeeklyReport(utc(2026, 11, 23, 15, 59), 'America/Los_Angeles')).toBeNull();
    expect(dueWeeklyReport(utc(2026, 11, 23, 16, 0), 'America/Los_Angeles')?.range).toEqual({ startDate: utc(2026, 11, 16, 8), endDate: utc(2026, 11, 23, 8) - 1 });
  });

  it('covers local days across a daylight saving change (a week of 169 hours)', () => {
    // Europe/Berlin leaves summer time on Sunday 25 October 2026: the week of 19-25 October is an hour longer.
    const { range, previous } = weekBefore(utc(2026, 11, 2, 9), 'Europe/Berlin');
    expect(range).toEqual({ startDate: utc(2026, 10, 25, 23), endDate: utc(2026, 11, 1, 23) - 1 });
    expect(previous).toEqual({ startDate: utc(2026, 10, 18, 22), endDate: utc(2026, 10, 25, 23) - 1 });
    expect(previous.endDate + 1 - previous.startDate).toBe(169 * HOUR);
  });

  it('covers a week whose Sunday skipped midnight: 167 hours in Santiago', () => {
    // Santiago skips from 00:00 to 01:00 on Sunday 6 September 2026 (-04:00 to -03:00).
    const { range, sendFrom } = weekBefore(utc(2026, 9, 7, 12), 'America/Santiago');
    expect(range).toEqual({ startDate: utc(2026, 8, 31, 4), endDate: utc(2026, 9, 7, 3) - 1 });
    expect(range.endDate + 1 - range.startDate).toBe(167 * HOUR);
    expect(sendFrom).toBe(utc(2026, 9, 7, 11));
  });

  it('names ISO weeks by the year of their Thursday', () => {
    expect(isoWeekOf({ year: 2026, month: 11, day: 16 })).toBe('2026-W47');
    expect(isoWeekOf({ year: 2026, month: 12, day: 28 })).toBe('2026-W53');
    expect(isoWeekOf({ year: 2027, month: 1, day: 4 })).toBe('2027-W01');
    expect(isoWeekOf({ year: 2024, month: 12, day: 30 })).toBe('2025-W01');
  });
});
