/**
 * What the fidelity suite demands, in one place: the mean score over all pages, and the least
 * any single page may score. A score is 1 − differing / considered pixels (see compare.ts).
 */
export interface FidelityThresholds {
  mean: number;
  page: number;
}

export const FIDELITY_THRESHOLDS: Readonly<FidelityThresholds> = { mean: 0.97, page: 0.95 };
