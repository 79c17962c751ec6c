import { MIN_ISSUE_BAR_SHARE, type FunnelIssue } from '../../shared/funnel.js';

export type IssueCount = 'affectedSessions' | 'unaffectedSessions' | 'lostConversions';

export interface IssueBar {
  count: IssueCount;
  label: string;
  value: number;
  /** Width in percent: the count's share of the three, never under MIN_ISSUE_BAR_SHARE so a small one still shows. */
  share: number;
}

const COUNTS: ReadonlyArray<{ count: IssueCount; label: string }> = [
  { count: 'affectedSessions', label: 'Affected sessions' },
  { count: 'unaffectedSessions', label: 'Unaffected sessions' },
  { count: 'lostConversions', label: 'Lost conversions' },
];

/** An issue's bars (spec part 1 §3 "Funnel issue"): each count's share of the three, at least 10. */
export function issueBars(issue: Pick<FunnelIssue, IssueCount>): IssueBar[] {
  const total = COUNTS.reduce((sum, { count }) => sum + Math.max(0, issue[count]), 0);
  return COUNTS.map(({ count, label }) => {
    const value = Math.max(0, issue[count]);
    const share = total > 0 ? Math.floor((value * 100) / total) : 0;
    return { count, label, value, share: Math.min(100, Math.max(MIN_ISSUE_BAR_SHARE, share)) };
  });
}
