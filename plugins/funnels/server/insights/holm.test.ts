import { describe, expect, it } from 'vitest';
import { holmAdjusted } from './holm.js';

describe('Holm–Bonferroni adjustment', () => {
  it("rejects as Holm's step-down procedure does (four hypotheses, p = 0.01, 0.04, 0.03, 0.005 at α = 0.05: H1 and H4 only)", () => {
    const adjusted = holmAdjusted([0.01, 0.04, 0.03, 0.005]);
    // R: p.adjust(c(0.01, 0.04, 0.03, 0.005), "holm")
    expect(adjusted.map((p) => Number(p.toFixed(10)))).toEqual([0.03, 0.06, 0.06, 0.02]);
    expect(adjusted.map((p) => p < 0.05)).toEqual([true, false, false, true]);
  });

  it('caps at 1, keeps ties, and leaves a single p-value as it is', () => {
    expect(holmAdjusted([0.5, 0.4, 0.9])).toEqual([1, 1, 1]);
    expect(holmAdjusted([0.01, 0.01])).toEqual([0.02, 0.02]);
    expect(holmAdjusted([0.03])).toEqual([0.03]);
    expect(holmAdjusted([])).toEqual([]);
  });
});
