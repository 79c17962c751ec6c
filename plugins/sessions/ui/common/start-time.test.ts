import { describe, expect, it } from 'vitest';
import { formatStartTime } from './start-time.js';

const NOW = Date.UTC(2026, 10, 22, 10, 0);

describe('formatStartTime', () => {
  it('names today and yesterday, with the time of day', () => {
    expect(formatStartTime(Date.UTC(2026, 10, 22, 8, 5), 'UTC', NOW)).toBe('Today, 08:05');
    expect(formatStartTime(Date.UTC(2026, 10, 21, 23, 59), 'UTC', NOW)).toBe('Yesterday, 23:59');
  });

  it('gives month and day for older sessions, and the year when it is not this one', () => {
    expect(formatStartTime(Date.UTC(2026, 10, 3, 14, 5), 'UTC', NOW)).toBe('Nov 3, 14:05');
    expect(formatStartTime(Date.UTC(2025, 0, 9, 7, 30), 'UTC', NOW)).toBe('Jan 9, 2025, 07:30');
  });

  it("reads the clock and the calendar in the viewer's timezone", () => {
    const lateNight = Date.UTC(2026, 10, 21, 23, 30);
    expect(formatStartTime(lateNight, 'UTC', NOW)).toBe('Yesterday, 23:30');
    expect(formatStartTime(lateNight, 'Europe/Berlin', NOW)).toBe('Today, 00:30');
    expect(formatStartTime(lateNight, 'America/New_York', NOW)).toBe('Yesterday, 18:30');
  });

  it('accepts fixed offsets as the timezone dropdown offers them', () => {
    const lateEvening = Date.UTC(2026, 10, 21, 22, 30);
    expect(formatStartTime(lateEvening, '+02:00', NOW)).toBe('Today, 00:30');
    expect(formatStartTime(lateEvening, 'UTC-5', NOW)).toBe('Yesterday, 17:30');
    expect(formatStartTime(lateEvening, '+05:30', NOW)).toBe('Today, 04:00');
  });
});
