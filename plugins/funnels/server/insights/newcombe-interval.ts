/** The two-sided 95 % normal quantile. */
export const Z_95 = 1.959963984540054;

/** Wilson's score interval for a proportion `successes / trials` ([0, 1] when there are no trials). */
export function wilsonInterval(successes: number, trials: number, z = Z_95): { low: number; high: number } {
  if (trials === 0) return { low: 0, high: 1 };
  const p = successes / trials;
  const z2 = z * z;
  const centre = p + z2 / (2 * trials);
  const spread = z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials));
  const denominator = 1 + z2 / trials;
  return { low: Math.max(0, (centre - spread) / denominator), high: Math.min(1, (centre + spread) / denominator) };
}

/**
 * Confidence interval of p1 - p2 for two independent proportions by Newcombe's hybrid score
 * method (Newcombe 1998, "Interval estimation for the difference between independent
 * proportions", method 10): each proportion's Wilson interval, combined by the square-and-add
 * rule. Unlike the Wald interval it stays within [-1, 1] and behaves at 0 % and 100 %.
 * A group without trials leaves the difference unknown: [-1, 1].
 */
export function newcombeDifferenceInterval(successes1: number, trials1: number, successes2: number, trials2: number, z = Z_95): { low: number; high: number } {
  if (trials1 === 0 || trials2 === 0) return { low: -1, high: 1 };
  const p1 = successes1 / trials1;
  const p2 = successes2 / trials2;
  const w1 = wilsonInterval(successes1, trials1, z);
  const w2 = wilsonInterval(successes2, trials2, z);
  const difference = p1 - p2;
  return {
    low: Math.max(-1, difference - Math.sqrt((p1 - w1.low) ** 2 + (w2.high - p2) ** 2)),
    high: Math.min(1, difference + Math.sqrt((w1.high - p1) ** 2 + (p2 - w2.low) ** 2)),
  };
}
