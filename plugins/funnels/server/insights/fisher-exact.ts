import type { ConversionTable } from './contingency-table.js';

/**
 * Two-sided p-value of Fisher's exact test: with the margins fixed, the top-left cell follows
 * a hypergeometric law; the p-value sums the probabilities of every table no more likely than
 * the one observed (R's `fisher.test`, with its relative tolerance of 1e-7 for ties).
 *
 * The probabilities are built in log space from the ratio of neighbouring terms, so large
 * counts neither overflow nor need a log-gamma approximation; the loop runs over the possible
 * values of one cell, at most the smallest margin.
 */
export function fisherExactTwoSided(t: ConversionTable): number {
  const row1 = t.affectedConverted + t.affectedNotConverted;
  const row2 = t.unaffectedConverted + t.unaffectedNotConverted;
  const col1 = t.affectedConverted + t.unaffectedConverted;
  const low = Math.max(0, col1 - row2);
  const high = Math.min(row1, col1);
  if (high === low) return 1;
  // logWeight[k] = log P(X = low + k) up to a constant: P(x+1)/P(x) = (row1-x)(col1-x) / ((x+1)(row2-col1+x+1)).
  const logWeights = new Float64Array(high - low + 1);
  for (let x = low; x < high; x++) {
    const ratio = ((row1 - x) * (col1 - x)) / ((x + 1) * (row2 - col1 + x + 1));
    logWeights[x - low + 1] = logWeights[x - low]! + Math.log(ratio);
  }
  let max = -Infinity;
  for (const w of logWeights) max = Math.max(max, w);
  let total = 0;
  for (const w of logWeights) total += Math.exp(w - max);
  const observed = logWeights[t.affectedConverted - low]!;
  const threshold = observed + Math.log1p(1e-7);
  let tail = 0;
  for (const w of logWeights) if (w <= threshold) tail += Math.exp(w - max);
  return Math.min(1, tail / total);
}
