import { describe, expect, it } from 'vitest';
import { Conditions, sessionListConditions, sessionListSql } from './session-query.js';

describe('session list query', () => {
  const base = { projectId: 7, viewerId: 3, page: 3, limit: 10, sort: 'duration' as const, order: 'asc' as const };

  it('keeps every value in parameters, in placeholder order', () => {
    const { page, total } = sessionListSql(base);
    expect(page.sql).toContain('order by s.duration_ms asc, s.session_id asc');
    expect(page.params).toEqual([3, 3, 7, 10, 20]);
    expect((page.sql.match(/\?/g) ?? []).length).toBe(page.params.length);
    expect(total.params).toEqual([7]);
  });

  it('takes extra conditions with their own parameters', () => {
    const conditions = sessionListConditions(base).where('s.user_country = ?', "FR' or 1=1 --").where('s.duration_ms >= ?', 1000);
    const { page, total } = sessionListSql(base, conditions);
    expect(page.sql).toContain('(s.project_id = ?) and (s.user_country = ?) and (s.duration_ms >= ?)');
    expect(page.sql).not.toContain('1=1');
    expect(page.params).toEqual([3, 3, 7, "FR' or 1=1 --", 1000, 10, 20]);
    expect(total.params).toEqual([7, "FR' or 1=1 --", 1000]);
  });

  it('refuses a condition whose placeholders and values disagree', () => {
    expect(() => new Conditions().where('a = ? and b = ?', 1)).toThrow(/expects 2/);
  });
});
