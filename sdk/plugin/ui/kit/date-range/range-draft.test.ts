import { describe, expect, it } from 'vitest';
import { draftBounds, draftFromBounds, isSelectableDay, pickEndDay, pickStartDay, setEndTime, setStartTime } from './range-draft.js';

const NOW = Date.UTC(2026, 10, 21, 14, 5);
const draft = draftFromBounds({ startDate: Date.UTC(2026, 10, 10, 9, 15), endDate: Date.UTC(2026, 10, 12, 18, 0) }, 'UTC');

describe('a custom range being picked', () => {
  it('starts from the current range, in the viewer timezone', () => {
    expect(draft).toEqual({ startDay: '2026-11-10', startTime: '09:15', endDay: '2026-11-12', endTime: '18:00' });
    expect(draftFromBounds({ startDate: Date.UTC(2026, 10, 10, 23, 30), endDate: Date.UTC(2026, 10, 11) }, 'Europe/Berlin')).toMatchObject({ startDay: '2026-11-11', startTime: '00:30' });
  });

  it('offers days up to today only', () => {
    expect(isSelectableDay('2026-11-21', '2026-11-21')).toBe(true);
    expect(isSelectableDay('2026-11-22', '2026-11-21')).toBe(false);
  });

  it('starts a picked range at midnight and ends it at the end of the day', () => {
    expect(pickStartDay('2026-11-03')).toEqual({ startDay: '2026-11-03', startTime: '00:00', endDay: '2026-11-03', endTime: '23:59' });
    expect(pickEndDay(pickStartDay('2026-11-03'), '2026-11-05')).toEqual({ startDay: '2026-11-03', startTime: '00:00', endDay: '2026-11-05', endTime: '23:59' });
    expect(pickEndDay(pickStartDay('2026-11-03'), '2026-11-03')).toEqual(pickStartDay('2026-11-03'));
  });

  it('swaps the ends when the second day comes before the first', () => {
    expect(pickEndDay(pickStartDay('2026-11-05'), '2026-11-02')).toEqual({ startDay: '2026-11-02', startTime: '00:00', endDay: '2026-11-05', endTime: '23:59' });
  });

  it('stops the start time at the end and the end time at the start', () => {
    const oneDay = { startDay: '2026-11-10', startTime: '09:00', endDay: '2026-11-10', endTime: '18:00' };
    expect(setStartTime(oneDay, '19:30')).toMatchObject({ startTime: '18:00' });
    expect(setEndTime(oneDay, '08:00')).toMatchObject({ endTime: '09:00' });
    expect(setStartTime(draft, '23:00')).toMatchObject({ startDay: '2026-11-10', startTime: '23:00' });
    expect(setStartTime(oneDay, '')).toMatchObject({ startTime: '' });
  });

  it('applies whole minutes with the end minute included, and says what to fix', () => {
    expect(draftBounds(draft, 'UTC', NOW)).toEqual({ startDate: Date.UTC(2026, 10, 10, 9, 15), endDate: Date.UTC(2026, 10, 12, 18, 0, 59, 999) });
    expect(draftBounds(draft, 'Europe/Berlin', NOW)).toEqual({ startDate: Date.UTC(2026, 10, 10, 8, 15), endDate: Date.UTC(2026, 10, 12, 17, 0, 59, 999) });
    expect(draftBounds({ ...draft, startTime: '' }, 'UTC', NOW)).toEqual({ error: 'Enter a start date and time.' });
    expect(draftBounds({ ...draft, endTime: '' }, 'UTC', NOW)).toEqual({ error: 'Enter an end date and time.' });
    expect(draftBounds({ ...pickStartDay('2026-11-21'), startTime: '15:00' }, 'UTC', NOW)).toEqual({ error: 'The start is in the future: pick a moment up to now.' });
  });
});
