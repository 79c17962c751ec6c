import { describe, expect, it } from 'vitest';
import { conversionTable } from './contingency-table.js';
import { fisherExactTwoSided } from './fisher-exact.js';

/** [[a, b], [c, d]]: rows affected / unaffected, columns converted / not. */
const table = (a: number, b: number, c: number, d: number) => conversionTable(a + b, a, c + d, c);

describe("Fisher's exact test (two-sided)", () => {
  it("gives the lady tasting tea's p-value (Fisher 1935: 3 of 4 cups right)", () => {
    expect(fisherExactTwoSided(table(3, 1, 1, 3))).toBeCloseTo(0.4857, 4);
    // Every cup right: only the two extreme tables are as unlikely, 2/70.
    expect(fisherExactTwoSided(table(4, 0, 0, 4))).toBeCloseTo(2 / 70, 12);
  });

  it('gives the textbook value of a lopsided table (men and women studying: 1/10 against 11/14, p = 0.002759)', () => {
    expect(fisherExactTwoSided(table(1, 9, 11, 3))).toBeCloseTo(0.0027594561852, 10);
  });

  it('is 1 when a margin leaves one possible table, or the table is the most likely one', () => {
    expect(fisherExactTwoSided(table(0, 5, 0, 7))).toBe(1);
    expect(fisherExactTwoSided(table(3, 0, 8, 0))).toBe(1);
    expect(fisherExactTwoSided(table(2, 2, 2, 2))).toBeCloseTo(1, 12);
  });

  it('is symmetric in the rows and columns', () => {
    const p = fisherExactTwoSided(table(2, 7, 8, 2));
    expect(fisherExactTwoSided(table(8, 2, 2, 7))).toBeCloseTo(p, 12);
    expect(fisherExactTwoSided(table(2, 8, 7, 2))).toBeCloseTo(p, 12);
  });

  it('stays finite on large counts (a rare issue among many sessions)', () => {
    const p = fisherExactTwoSided(table(0, 4, 60_000, 40_000));
    // P(no conversion among 4 of 100 004 sessions of which 60 000 converted) ≈ 0.4^4; the two-sided sum adds the as-unlikely tables.
    expect(p).toBeGreaterThan(0);
    expect(p).toBeLessThan(0.1);
    expect(Number.isFinite(p)).toBe(true);
  });
});
