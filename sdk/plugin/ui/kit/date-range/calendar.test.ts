import { describe, expect, it } from 'vitest';
import { compareMonths, dayTitle, monthOf, monthTitle, monthWeeks, shiftMonth } from './calendar.js';

describe('the calendar months', () => {
  it('lays a month out in weeks from Sunday, blank around it', () => {
    // 1 November 2026 is a Sunday; 30 November a Monday.
    const november = monthWeeks({ year: 2026, month: 11 });
    expect(november).toHaveLength(5);
    expect(november[0]).toEqual(['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05', '2026-11-06', '2026-11-07']);
    expect(november[4]).toEqual(['2026-11-29', '2026-11-30', null, null, null, null, null]);
    // 1 February 2028 is a Tuesday, in a leap year.
    const february = monthWeeks({ year: 2028, month: 2 });
    expect(february[0]!.slice(0, 3)).toEqual([null, null, '2028-02-01']);
    expect(february.flat().filter(Boolean)).toHaveLength(29);
  });

  it('steps across years and compares months', () => {
    expect(shiftMonth({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(shiftMonth({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(shiftMonth({ year: 2026, month: 5 }, -17)).toEqual({ year: 2024, month: 12 });
    expect(compareMonths({ year: 2026, month: 1 }, { year: 2025, month: 12 })).toBeGreaterThan(0);
    expect(compareMonths(monthOf('2026-11-21'), { year: 2026, month: 11 })).toBe(0);
  });

  it('names months and days in words', () => {
    expect(monthTitle({ year: 2026, month: 11 })).toBe('November 2026');
    expect(dayTitle('2026-11-02')).toBe('November 2, 2026');
  });
});
