/**
 * Holm–Bonferroni adjusted p-values, in the order given: sorted ascending, the i-th smallest
 * (0-based) is multiplied by (m - i), capped at 1, and made non-decreasing. Rejecting where the
 * adjusted value is below α controls the family-wise error rate at α (R's `p.adjust(p, "holm")`).
 */
export function holmAdjusted(pValues: readonly number[]): number[] {
  const m = pValues.length;
  const order = pValues.map((p, index) => ({ p, index })).sort((a, b) => a.p - b.p || a.index - b.index);
  const adjusted = new Array<number>(m);
  let running = 0;
  order.forEach(({ p, index }, rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * p));
    adjusted[index] = running;
  });
  return adjusted;
}
