import type { ConversionTable } from './contingency-table.js';
import { normalUpperTail } from './normal-tail.js';

/**
 * Two-sided p-value of the pooled two-proportion z-test: z = (p1 - p2) / sqrt(p(1-p)(1/n1 + 1/n2)),
 * p the pooled proportion. Equal to Pearson's chi-square test of the 2×2 table without
 * continuity correction (z² = X²). Only sound when every expected count is large enough; the
 * significance chooser sends small tables to Fisher's test instead.
 */
export function twoProportionZTest(t: ConversionTable): { z: number; pValue: number } {
  const n1 = t.affectedConverted + t.affectedNotConverted;
  const n2 = t.unaffectedConverted + t.unaffectedNotConverted;
  if (n1 === 0 || n2 === 0) return { z: 0, pValue: 1 };
  const pooled = (t.affectedConverted + t.unaffectedConverted) / (n1 + n2);
  const standardError = Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2));
  if (standardError === 0) return { z: 0, pValue: 1 };
  const z = (t.affectedConverted / n1 - t.unaffectedConverted / n2) / standardError;
  return { z, pValue: Math.min(1, 2 * normalUpperTail(z)) };
}
