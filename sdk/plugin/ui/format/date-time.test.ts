import { describe, expect, it } from 'vitest';
import { formatAgo, formatDate, formatDateTime, formatTimeOfDay } from './date-time.js';

const EVENING = Date.UTC(2026, 10, 1, 21, 5, 9);

describe('dates and times in the viewer timezone', () => {
  it("writes the spec's 'LLL dd, yyyy'", () => {
    expect(formatDate(EVENING, 'UTC')).toBe('Nov 01, 2026');
    expect(formatDate(EVENING, 'Asia/Tokyo')).toBe('Nov 02, 2026');
  });

  it('adds the time: 24-hour by default, 12-hour, with seconds or the zone on request', () => {
    expect(formatDateTime(EVENING, 'UTC')).toBe('Nov 01, 2026, 21:05');
    expect(formatDateTime(EVENING, 'UTC', { hour12: true })).toBe('Nov 01, 2026, 09:05 PM');
    expect(formatDateTime(EVENING, 'Europe/Berlin', { seconds: true, zone: true })).toBe('Nov 01, 2026, 22:05:09 Europe/Berlin');
    expect(formatDateTime(EVENING, '+02:00', { zone: true })).toBe('Nov 01, 2026, 23:05 UTC+02:00');
    expect(formatTimeOfDay(Date.UTC(2026, 10, 1, 0, 7), 'UTC', { hour12: true })).toBe('12:07 AM');
    expect(formatTimeOfDay(Date.UTC(2026, 10, 1, 12, 7), 'UTC', { hour12: true })).toBe('12:07 PM');
  });

  it('says how long ago, with "just now" for the last 45 seconds and small clock skew', () => {
    const now = Date.UTC(2026, 10, 21, 14);
    expect(formatAgo(now + 5_000, now)).toBe('just now');
    expect(formatAgo(now - 44_000, now)).toBe('just now');
    expect(formatAgo(now - 50_000, now)).toBe('50 seconds ago');
    expect(formatAgo(now - 60_000, now)).toBe('1 minute ago');
    expect(formatAgo(now - 3 * 3_600_000, now)).toBe('3 hours ago');
    expect(formatAgo(now - 2 * 86_400_000, now)).toBe('2 days ago');
    expect(formatAgo(now - 65 * 86_400_000, now)).toBe('2 months ago');
    expect(formatAgo(now - 800 * 86_400_000, now)).toBe('2 years ago');
  });
});
