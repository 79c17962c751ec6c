import { SIGNIFICANCE_LEVEL, type SignificanceTest } from '../../shared/funnel.js';
import { conversionTable, expectedCounts, type ConversionTable } from './contingency-table.js';
import { fisherExactTwoSided } from './fisher-exact.js';
import { holmAdjusted } from './holm.js';
import { newcombeDifferenceInterval } from './newcombe-interval.js';
import { twoProportionZTest } from './two-proportion-test.js';

/** Below this expected count in any cell the normal approximation is not trusted (Cochran's rule). */
export const MIN_EXPECTED_COUNT = 5;

/** What a significance test needs of one issue: its sessions and their conversions, affected and not. */
export interface IssueConversionCounts {
  affectedSessions: number;
  affectedConversions: number;
  unaffectedSessions: number;
  unaffectedConversions: number;
}

/** One issue's test before the correction across the funnel's issues. */
export interface UncorrectedTest {
  method: SignificanceTest['method'];
  pValue: number;
  confidenceInterval: SignificanceTest['confidenceInterval'];
}

const percentagePoints = (fraction: number) => Math.round(fraction * 1000) / 10;

/**
 * Does the issue change conversion? Fisher's exact test (two-sided) when any expected cell is
 * under MIN_EXPECTED_COUNT, else the pooled two-proportion z-test; with the 95 % interval of
 * (unaffected - affected) conversion in percentage points (Newcombe's hybrid score interval).
 */
export function testIssue(counts: IssueConversionCounts): UncorrectedTest {
  const table: ConversionTable = conversionTable(counts.affectedSessions, counts.affectedConversions, counts.unaffectedSessions, counts.unaffectedConversions);
  const small = expectedCounts(table).some((expected) => expected < MIN_EXPECTED_COUNT);
  const interval = newcombeDifferenceInterval(counts.unaffectedConversions, counts.unaffectedSessions, counts.affectedConversions, counts.affectedSessions);
  return {
    method: small ? 'fisher' : 'two-proportion',
    pValue: small ? fisherExactTwoSided(table) : twoProportionZTest(table).pValue,
    confidenceInterval: { low: percentagePoints(interval.low), high: percentagePoints(interval.high) },
  };
}

/**
 * Every issue's test, corrected across all of them (Holm–Bonferroni at SIGNIFICANCE_LEVEL: a
 * funnel with many issues would otherwise flag some by chance). An issue is significant when
 * its adjusted p-value is below the level and its sessions converted less than the others:
 * an issue that goes with more conversions is no problem to fix.
 */
export function testIssues(issues: readonly IssueConversionCounts[]): SignificanceTest[] {
  const tests = issues.map(testIssue);
  const adjusted = holmAdjusted(tests.map((t) => t.pValue));
  return tests.map((test, i) => {
    const { affectedSessions, affectedConversions, unaffectedSessions, unaffectedConversions } = issues[i]!;
    const convertsLess = unaffectedSessions > 0 && affectedConversions * unaffectedSessions < unaffectedConversions * affectedSessions;
    return { ...test, adjustedPValue: adjusted[i]!, significant: adjusted[i]! < SIGNIFICANCE_LEVEL && convertsLess };
  });
}
