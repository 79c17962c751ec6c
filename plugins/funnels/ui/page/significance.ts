import type { SignificanceTest } from '../../shared/funnel.js';

const TEST_NAMES: Record<SignificanceTest['method'], string> = {
  fisher: "Fisher's exact test",
  'two-proportion': 'Two-proportion z-test',
};

export function formatPValue(p: number): string {
  if (p < 0.001) return '< 0.001';
  return p.toFixed(3);
}

const points = (n: number) => `${n > 0 ? '+' : ''}${n.toFixed(1)}`;

/** What hovering an issue tells: how sure the difference is (the p-value after correction across the issues), how it was tested, and its 95 % interval. */
export function significanceLines(test: SignificanceTest): string[] {
  return [
    `p-value (adjusted): ${formatPValue(test.adjustedPValue)}`,
    `Test: ${TEST_NAMES[test.method] ?? test.method}`,
    `95 % confidence interval: ${points(test.confidenceInterval.low)} to ${points(test.confidenceInterval.high)} points of conversion without the issue`,
  ];
}
