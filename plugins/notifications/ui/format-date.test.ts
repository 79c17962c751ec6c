import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format-date.js';

const nov21 = Date.UTC(2026, 10, 21, 21, 5);

describe('formatDate', () => {
  it("uses 'LLL dd, yyyy'", () => {
    expect(formatDate(nov21, 'UTC')).toBe('Nov 21, 2026');
    expect(formatDate(Date.UTC(2026, 0, 3), 'UTC')).toBe('Jan 03, 2026');
  });

  it('shows the day in the given time zone', () => {
    expect(formatDate(nov21, 'Asia/Tokyo')).toBe('Nov 22, 2026');
  });

  it('falls back to the browser zone for an unknown one', () => {
    expect(formatDate(nov21, 'Not/AZone')).toMatch(/^Nov 2[12], 2026$/);
  });
});

describe('formatDateTime', () => {
  it('adds a 12-hour time', () => {
    expect(formatDateTime(nov21, 'UTC')).toBe('Nov 21, 2026, 09:05 PM');
    expect(formatDateTime(Date.UTC(2026, 10, 21, 0, 7), 'UTC')).toBe('Nov 21, 2026, 12:07 AM');
    expect(formatDateTime(Date.UTC(2026, 10, 21, 12, 0), 'UTC')).toBe('Nov 21, 2026, 12:00 PM');
  });
});
