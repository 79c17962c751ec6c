import { describe, expect, it } from 'vitest';
import { periodEndAt, periodRanges } from './periods.js';

describe('alert periods', () => {
  const MIDNIGHT = Date.UTC(2026, 9, 6);
  it('names the last whole period, aligned on its length', () => {
    expect(periodEndAt(MIDNIGHT + 60_000, 15)).toBe(MIDNIGHT);
    expect(periodEndAt(MIDNIGHT + 16 * 60_000, 15)).toBe(MIDNIGHT + 15 * 60_000);
    expect(periodEndAt(MIDNIGHT + 23 * 3_600_000, 1440)).toBe(MIDNIGHT);
    expect(periodEndAt(MIDNIGHT + 5 * 3_600_000, 240)).toBe(MIDNIGHT + 4 * 3_600_000);
  });
  it('reads the current period and the previous one just before it, ends inclusive', () => {
    expect(periodRanges(MIDNIGHT, 60, 30)).toEqual({
      current: { startDate: MIDNIGHT - 3_600_000, endDate: MIDNIGHT - 1 },
      previous: { startDate: MIDNIGHT - 5_400_000, endDate: MIDNIGHT - 3_600_001 },
    });
  });
});
