import { describe, expect, it } from 'vitest';
import { allOf, anyOf, joinSql, sql, SQL_FALSE, SQL_TRUE, trusted } from './sql.js';

describe('the sql tag', () => {
  it('turns every value into a placeholder and splices only fragments', () => {
    const hostile = "x'; drop table users; --";
    const inner = sql`s.user_id = ${hostile}`;
    const query = sql`select * from sessions_sessions s where s.project_id = ${7} and ${inner} and s.id in (${[1, 2]})`;
    expect(query.sql).toBe('select * from sessions_sessions s where s.project_id = ? and s.user_id = ? and s.id in (?)');
    expect(query.params).toEqual([7, hostile, [1, 2]]);
  });

  it('refuses what would break the placeholder count or the syntax', () => {
    expect(() => sql`select 1 where a ? ${1}`).toThrow(/may not contain "\?"/);
    expect(() => trusted('data ? key')).toThrow(/may not contain/);
    expect(() => sql`select ${undefined}`).toThrow(/undefined cannot be a SQL parameter/);
    expect(() => sql`select ${[]}`).toThrow(/empty list/);
  });

  it('combines conditions with allOf and anyOf, parenthesised, with neutral elements', () => {
    expect(allOf([])).toBe(SQL_TRUE);
    expect(anyOf([])).toBe(SQL_FALSE);
    const a = sql`a = ${1}`;
    expect(allOf([SQL_TRUE, a])).toBe(a);
    const both = allOf([a, sql`b = ${2}`]);
    expect(both.sql).toBe('(a = ?) and (b = ?)');
    expect(both.params).toEqual([1, 2]);
    expect(anyOf([a, sql`b = ${2}`]).sql).toBe('(a = ?) or (b = ?)');
    expect(joinSql([trusted('x'), trusted('y')], ', ').sql).toBe('x, y');
    const branches = joinSql([sql`select ${1}`, sql`select ${2}`], ' union all ');
    expect(branches.sql).toBe('select ? union all select ?');
    expect(branches.params).toEqual([1, 2]);
  });
});
