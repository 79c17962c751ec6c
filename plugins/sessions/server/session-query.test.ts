import { describe, expect, it } from 'vitest';
import { allOf, sql } from '@cassette/plugin-sdk/server';
import { sessionListSql } from './session-query.js';

describe('session list query', () => {
  const base = { projectId: 7, viewerId: 3, page: 3, limit: 10, sort: 'duration' as const, order: 'asc' as const };

  it('keeps every value in parameters, in placeholder order', () => {
    const { page, total } = sessionListSql(base, sql`s.project_id = ${7}`);
    expect(page.sql).toContain('order by s.duration_ms asc, s.started_at desc, s.session_id asc');
    expect(page.params).toEqual([3, 3, 7, 10, 20]);
    expect((page.sql.match(/\?/g) ?? []).length).toBe(page.params.length);
    expect(total.params).toEqual([7]);
  });

  it('splices the conditions with their own parameters', () => {
    const conditions = allOf([sql`s.project_id = ${7}`, sql`s.user_country = ${"FR' or 1=1 --"}`, sql`s.duration_ms >= ${1000}`]);
    const { page, total } = sessionListSql(base, conditions);
    expect(page.sql).toContain('where (s.project_id = ?) and (s.user_country = ?) and (s.duration_ms >= ?)');
    expect(page.sql).not.toContain('1=1');
    expect(page.params).toEqual([3, 3, 7, "FR' or 1=1 --", 1000, 10, 20]);
    expect(total.params).toEqual([7, "FR' or 1=1 --", 1000]);
  });
});
