import { describe, expect, it } from 'vitest';
import { formatTimeLabel, timeLabelUnit } from './time-labels.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('chart time labels', () => {
  it('name the hour up to one day, the weekday up to 8 days, and day/month beyond', () => {
    expect(timeLabelUnit(30 * 60_000)).toBe('hour');
    expect(timeLabelUnit(DAY)).toBe('hour');
    expect(timeLabelUnit(DAY + 1)).toBe('weekday');
    expect(timeLabelUnit(8 * DAY)).toBe('weekday');
    expect(timeLabelUnit(8 * DAY + 1)).toBe('dayMonth');
  });

  it('read the instant in the viewer timezone', () => {
    // Saturday 21 Nov 2026, 23:30 UTC: already Sunday the 22nd in Berlin.
    const late = Date.UTC(2026, 10, 21, 23, 30);
    expect(formatTimeLabel(late, 'hour', 'UTC')).toBe('23:30');
    expect(formatTimeLabel(late, 'hour', 'Europe/Berlin')).toBe('00:30');
    expect(formatTimeLabel(late, 'weekday', 'UTC')).toBe('Sat');
    expect(formatTimeLabel(late, 'weekday', 'Europe/Berlin')).toBe('Sun');
    expect(formatTimeLabel(late, 'dayMonth', 'Europe/Berlin')).toBe('22/11');
    expect(formatTimeLabel(Date.UTC(2026, 0, 5), 'dayMonth', 'UTC')).toBe('05/01');
  });
});
