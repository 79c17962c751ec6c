import { describe, expect, it } from 'vitest';
import { FUNNEL } from '../generator/index.js';
import { funnelPageQuery, topIssues } from './funnel-page.js';

describe('the funnel page\'s questions', () => {
  it('asks the generated purchase funnel in 4 steps over the week before the window ends, issues over the full span', () => {
    const end = Date.UTC(2026, 0, 31, 12, 0, 0);
    const query = funnelPageQuery(42, end);
    expect(query.projectId).toBe(42);
    expect(query.steps.map((s) => [s.type, s.operator, s.value])).toEqual([
      ['LOCATION', 'startsWith', [FUNNEL.productPathPrefix]],
      ['CLICK', 'on', [FUNNEL.addToCart.label]],
      ['LOCATION', 'is', [FUNNEL.checkoutPath]],
      ['LOCATION', 'is', [FUNNEL.confirmationPath]],
    ]);
    expect(query.range).toEqual({ startDate: end - 7 * 86_400_000, endDate: end });
    expect(query.span).toEqual({ firstStage: 1, lastStage: 4 });
  });

  it('asks the union about the issues that affected the most sessions', () => {
    const issue = (type: string, affectedSessions: number) => ({ type, contextString: 'NA', affectedSessions, affectedUsers: 1, affectedConversions: 0, unaffectedSessions: 1, unaffectedConversions: 0 });
    const answer = { entered: { sessionsCount: 1, usersCount: 1 }, converted: { sessionsCount: 0, usersCount: 0 }, issues: ['a', 'b', 'c', 'd', 'e', 'f'].map((t, i) => issue(t, 60 - i)) };
    expect(topIssues(answer)).toEqual(['a', 'b', 'c', 'd', 'e'].map((type) => ({ type, contextString: 'NA' })));
    expect(topIssues(answer, 2)).toHaveLength(2);
  });
});
