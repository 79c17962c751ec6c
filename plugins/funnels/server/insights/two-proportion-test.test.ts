import { describe, expect, it } from 'vitest';
import { conversionTable } from './contingency-table.js';
import { twoProportionZTest } from './two-proportion-test.js';

describe('two-proportion z-test (pooled, two-sided)', () => {
  it("gives the Physicians' Health Study's statistic (Agresti: 189/11 034 heart attacks on placebo, 104/11 037 on aspirin, X² = 25.01)", () => {
    const { z, pValue } = twoProportionZTest(conversionTable(11_034, 189, 11_037, 104));
    expect(z * z).toBeCloseTo(25.01, 1);
    expect(z).toBeCloseTo(5.0014, 4);
    expect(pValue).toBeCloseTo(5.69e-7, 8);
  });

  it('works a hand computation through: 120/200 against 100/200', () => {
    // p1 = 0.6, p2 = 0.5, pooled 0.55: SE = sqrt(0.55·0.45·(2/200)) = 0.049749, z = 2.0101, p = 2·(1 - Φ(2.0101)).
    const { z, pValue } = twoProportionZTest(conversionTable(200, 120, 200, 100));
    expect(z).toBeCloseTo(2.0101, 4);
    expect(pValue).toBeCloseTo(0.04442, 4);
  });

  it('answers no difference when a group is empty or nobody (or everybody) converted', () => {
    expect(twoProportionZTest(conversionTable(0, 0, 10, 5)).pValue).toBe(1);
    expect(twoProportionZTest(conversionTable(10, 0, 10, 0)).pValue).toBe(1);
    expect(twoProportionZTest(conversionTable(10, 10, 10, 10)).pValue).toBe(1);
  });
});
