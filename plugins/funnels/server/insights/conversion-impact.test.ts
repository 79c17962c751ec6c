import { describe, expect, it } from 'vitest';
import { criticalImpact, lostConversions, percentage } from './conversion-impact.js';

describe('conversion impact', () => {
  it('counts the conversions affected sessions would have made at the unaffected rate', () => {
    // 40 affected, 10 converted; unaffected convert at 60 %: 24 expected, 14 lost.
    expect(lostConversions(40, 10, 100, 60)).toBe(14);
    // Rounded: 3 × 2/3 - 1 = 1.
    expect(lostConversions(3, 1, 3, 2)).toBe(1);
    // An issue that goes with more conversions cost none, and without unaffected sessions nothing is known.
    expect(lostConversions(10, 9, 10, 2)).toBe(0);
    expect(lostConversions(10, 0, 0, 0)).toBe(0);
  });

  it('gives percentages to one decimal', () => {
    expect(percentage(1, 3)).toBe(33.3);
    expect(percentage(2, 3)).toBe(66.7);
    expect(percentage(5, 0)).toBe(0);
  });

  it("sums the critical issues up with each affected session counted once, against the rest of the span's entrants", () => {
    // 200 entered, 90 converted; 50 affected (30 users), 5 of them converted. The other 150 converted 85: 56.67 %.
    const impact = criticalImpact({ enteredSessions: 200, convertedSessions: 90, affectedSessions: 50, affectedUsers: 30, affectedConversions: 5 });
    // 50 × 85/150 - 5 = 23.33 → 23 lost; 23/200 = 11.5 %.
    expect(impact).toEqual({ affectedUsers: 30, lostConversions: 23, totalDropDueToIssues: 45, conversionImpact: 11.5, conversions: 88.5 });
  });

  it('is nothing when no session was affected', () => {
    expect(criticalImpact({ enteredSessions: 10, convertedSessions: 4, affectedSessions: 0, affectedUsers: 0, affectedConversions: 0 })).toEqual({
      affectedUsers: 0,
      lostConversions: 0,
      totalDropDueToIssues: 0,
      conversionImpact: 0,
      conversions: 100,
    });
  });
});
