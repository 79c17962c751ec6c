import { describe, expect, it } from 'vitest';
import { testIssue, testIssues } from './significance.js';

const issue = (affectedSessions: number, affectedConversions: number, unaffectedSessions: number, unaffectedConversions: number) => ({
  affectedSessions,
  affectedConversions,
  unaffectedSessions,
  unaffectedConversions,
});

describe('the significance of an issue', () => {
  it("uses Fisher's exact test when an expected count is under 5", () => {
    // The tea-tasting table: affected 3 of 4 converted, unaffected 1 of 4.
    const test = testIssue(issue(4, 3, 4, 1));
    expect(test.method).toBe('fisher');
    expect(test.pValue).toBeCloseTo(0.4857, 4);
  });

  it('uses the two-proportion z-test when every expected count is 5 or more', () => {
    const test = testIssue(issue(200, 100, 200, 120));
    expect(test.method).toBe('two-proportion');
    expect(test.pValue).toBeCloseTo(0.04442, 4);
  });

  it('gives the 95 % interval of (unaffected - affected) conversion in percentage points', () => {
    // Newcombe's example (a) with the unaffected as the first group: 56/70 against 48/80.
    expect(testIssue(issue(80, 48, 70, 56)).confidenceInterval).toEqual({ low: 5.2, high: 33.4 });
  });

  it('corrects across the issues (Holm) and flags only issues that lower conversion', () => {
    const tests = testIssues([
      issue(200, 100, 200, 120), // p 0.044 alone; third smallest of four, so doubled
      issue(500, 100, 500, 300), // converts far less: significant
      issue(500, 300, 500, 100), // converts far more: as significant a difference, not a problem
      issue(100, 50, 100, 55), // no real difference
    ]);
    expect(tests.map((t) => t.method)).toEqual(['two-proportion', 'two-proportion', 'two-proportion', 'two-proportion']);
    expect(tests[0]!.pValue).toBeLessThan(0.05);
    expect(tests[0]!.adjustedPValue).toBeCloseTo(2 * tests[0]!.pValue, 12);
    expect(tests[1]!.adjustedPValue).toBeLessThan(0.05);
    expect(tests[2]!.adjustedPValue).toBeLessThan(0.05);
    expect(tests.map((t) => t.significant)).toEqual([false, true, false, false]);
  });

  it('never flags an issue every entrant had (no unaffected sessions to compare with)', () => {
    const [test] = testIssues([issue(40, 0, 0, 0)]);
    expect(test).toMatchObject({ pValue: 1, significant: false, confidenceInterval: { low: -100, high: 100 } });
  });
});
