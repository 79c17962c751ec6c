import { describe, expect, it } from 'vitest';
import { periodEndAt, periodRanges } from './periods.js';

describe('alert periods', () => {
  const MIDNIGHT = Date.UTC(2026, 9, 6);
  const SAVED = MIDNIGHT + 7 * 60_000 + 30_000;
  it('names the last period to have ended, periods ending at the save and every period length after it', () => {
    expect(periodEndAt(SAVED, SAVED, 15)).toBe(SAVED);
    expect(periodEndAt(SAVED + 60_000, SAVED, 15)).toBe(SAVED);
    expect(periodEndAt(SAVED + 15 * 60_000 - 1, SAVED, 15)).toBe(SAVED);
    expect(periodEndAt(SAVED + 16 * 60_000, SAVED, 15)).toBe(SAVED + 15 * 60_000);
    expect(periodEndAt(SAVED + 23 * 3_600_000, SAVED, 1440)).toBe(SAVED);
    expect(periodEndAt(SAVED + 5 * 3_600_000, SAVED, 240)).toBe(SAVED + 4 * 3_600_000);
  });
  it('names none before the save (a clock behind the database)', () => {
    expect(periodEndAt(SAVED - 1, SAVED, 15)).toBeNull();
  });
  it('reads the current period and the previous one just before it, ends inclusive', () => {
    expect(periodRanges(MIDNIGHT, 60, 30)).toEqual({
      current: { startDate: MIDNIGHT - 3_600_000, endDate: MIDNIGHT - 1 },
      previous: { startDate: MIDNIGHT - 5_400_000, endDate: MIDNIGHT - 3_600_001 },
    });
  });
});
