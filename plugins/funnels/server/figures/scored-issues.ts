import type { FunnelIssuesAnswer as IssueCountsAnswer } from '@cassette/plugin-sessions/api';
import type { FunnelIssue } from '../../shared/funnel.js';
import { issueName, issueTitle } from '../../shared/issue-names.js';
import { lostConversions, percentage } from '../insights/conversion-impact.js';
import { testIssues } from '../insights/significance.js';
import { issueIdOf } from './issue-id.js';

/**
 * The span's issues with what they cost and whether that is more than chance (README
 * "Insights"): significant ones first, by lost conversions, then the others by affected sessions.
 */
export function scoredIssues(answer: IssueCountsAnswer): FunnelIssue[] {
  const tests = testIssues(answer.issues);
  const entered = answer.entered.sessionsCount;
  const issues = answer.issues.map((counts, i): FunnelIssue => {
    const lost = lostConversions(counts.affectedSessions, counts.affectedConversions, counts.unaffectedSessions, counts.unaffectedConversions);
    // The analytics service's key as it is ('NA' when the issue has no context): the union and session calls take it back.
    const { type, contextString } = counts;
    return {
      issueId: issueIdOf({ type, contextString }),
      name: issueName(type),
      title: issueTitle(type, contextString),
      type,
      contextString,
      affectedUsers: counts.affectedUsers,
      affectedSessions: counts.affectedSessions,
      unaffectedSessions: counts.unaffectedSessions,
      lostConversions: lost,
      conversionImpact: percentage(lost, entered),
      affectedConversion: percentage(counts.affectedConversions, counts.affectedSessions),
      unaffectedConversion: percentage(counts.unaffectedConversions, counts.unaffectedSessions),
      significance: tests[i]!,
    };
  });
  const rank = (a: FunnelIssue, b: FunnelIssue) =>
    Number(b.significance.significant) - Number(a.significance.significant) ||
    (a.significance.significant ? b.lostConversions - a.lostConversions : 0) ||
    b.affectedSessions - a.affectedSessions ||
    a.significance.adjustedPValue - b.significance.adjustedPValue ||
    a.issueId.localeCompare(b.issueId);
  return issues.sort(rank);
}
