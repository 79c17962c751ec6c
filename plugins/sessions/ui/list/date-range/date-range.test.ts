import { describe, expect, it } from 'vitest';
import { draftBounds, draftFrom, pickEndDate, pickEndTime, pickStartDate, pickStartTime } from './custom-range.js';
import { rangeBounds, rangeButtonLabel } from './date-range.js';
import { endOfDay, fromInputValues, startOfDay } from './zoned-time.js';

const NOW = Date.UTC(2026, 10, 21, 14, 5);

describe('date ranges', () => {
  it('finds the day around an instant in a timezone, across a daylight-saving change', () => {
    // Berlin switches back to winter time on 25 Oct 2026: that day has 25 hours.
    const changeDay = Date.UTC(2026, 9, 25, 12);
    expect(startOfDay(changeDay, 'Europe/Berlin')).toBe(Date.UTC(2026, 9, 24, 22));
    expect(endOfDay(changeDay, 'Europe/Berlin')).toBe(Date.UTC(2026, 9, 25, 22, 59, 59, 999));
    expect(fromInputValues('2026-10-25', '12:00', 'Europe/Berlin')).toBe(Date.UTC(2026, 9, 25, 11));
    expect(fromInputValues('2026-10-25', '', 'UTC')).toBeNull();
  });

  it('falls back to the default preset for a custom range without dates', () => {
    expect(rangeBounds('CUSTOM_RANGE', 'UTC', NOW, { startDate: null, endDate: 5 })).toEqual(rangeBounds('LAST_7_DAYS', 'UTC', NOW));
  });

  it('labels the button with the preset, or the custom dates', () => {
    expect(rangeButtonLabel('LAST_30_MINUTES', null, null, 'UTC')).toBe('30 Minutes');
    expect(rangeButtonLabel('CUSTOM_RANGE', Date.UTC(2026, 10, 1, 8, 30), NOW, 'UTC')).toBe('Nov 1, 2026 08:30 – Nov 21, 2026 14:05');
  });
});

describe('the custom range inputs', () => {
  const start = draftFrom({ startDate: Date.UTC(2026, 10, 10, 9, 15), endDate: Date.UTC(2026, 10, 12, 18, 0) }, 'UTC');

  it('starts from the current range', () => {
    expect(start).toEqual({ startDate: '2026-11-10', startTime: '09:15', endDate: '2026-11-12', endTime: '18:00' });
  });

  it('sets the end to the end of a picked day, and a picked start day to its midnight', () => {
    expect(pickEndDate(start, '2026-11-15')).toMatchObject({ endDate: '2026-11-15', endTime: '23:59' });
    expect(pickStartDate(start, '2026-11-11')).toMatchObject({ startDate: '2026-11-11', startTime: '00:00' });
  });

  it('stops the start at the end and the end at the start', () => {
    expect(pickStartDate(start, '2026-11-20')).toMatchObject({ startDate: '2026-11-12', startTime: '18:00' });
    expect(pickEndDate(start, '2026-11-01')).toMatchObject({ endDate: '2026-11-10', endTime: '09:15' });
    expect(pickStartTime({ ...start, startDate: '2026-11-12' }, '19:00')).toMatchObject({ startTime: '18:00' });
    expect(pickEndTime({ ...start, endDate: '2026-11-10' }, '08:00')).toMatchObject({ endTime: '09:15' });
  });

  it('applies whole minutes, the end minute included, and says what to fix', () => {
    expect(draftBounds(start, 'UTC', NOW)).toEqual({ startDate: Date.UTC(2026, 10, 10, 9, 15), endDate: Date.UTC(2026, 10, 12, 18, 0, 59, 999) });
    expect(draftBounds({ ...start, startTime: '' }, 'UTC', NOW)).toEqual({ error: 'Enter a start date and time.' });
    expect(draftBounds({ ...start, endDate: '' }, 'UTC', NOW)).toEqual({ error: 'Enter an end date and time.' });
    expect(draftBounds({ ...start, startDate: '2026-11-22', endDate: '2026-11-22' }, 'UTC', NOW)).toEqual({ error: 'The start is in the future: pick a moment up to now.' });
  });
});
