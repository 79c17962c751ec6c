import { describe, expect, it } from 'vitest';
import { MIN_ISSUE_BAR_SHARE } from '../../shared/funnel.js';
import { issueBars } from './issue-bars.js';

const shares = (affectedSessions: number, unaffectedSessions: number, lostConversions: number) => issueBars({ affectedSessions, unaffectedSessions, lostConversions }).map((b) => b.share);

describe("an issue's bars", () => {
  it('give each count its share of the three', () => {
    expect(issueBars({ affectedSessions: 300, unaffectedSessions: 500, lostConversions: 200 })).toEqual([
      { count: 'affectedSessions', label: 'Affected sessions', value: 300, share: 30 },
      { count: 'unaffectedSessions', label: 'Unaffected sessions', value: 500, share: 50 },
      { count: 'lostConversions', label: 'Lost conversions', value: 200, share: 20 },
    ]);
  });

  it('never draw a bar under the minimum share of 10', () => {
    expect(MIN_ISSUE_BAR_SHARE).toBe(10);
    expect(shares(5, 995, 1)).toEqual([10, 99, 10]);
    expect(shares(0, 0, 0)).toEqual([10, 10, 10]);
    expect(shares(100, 0, 0)).toEqual([100, 10, 10]);
  });
});
