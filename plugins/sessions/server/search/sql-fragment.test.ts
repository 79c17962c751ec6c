import { describe, expect, it } from 'vitest';
import { allOf, anyOf, FALSE, plain, sql, trusted, TRUE } from './sql-fragment.js';

describe('sql fragments', () => {
  it('turns every interpolated value into a placeholder, in order, and splices only fragments', () => {
    const column = trusted('s.user_os');
    const f = sql`${column} in (${['Linux', "' or 1=1 --"]}) and s.duration_ms >= ${0} and ${sql`s.user_id = ${'ada'}`}`;
    expect(f.sql).toBe('s.user_os in (?) and s.duration_ms >= ? and s.user_id = ?');
    expect(f.params).toEqual([['Linux', "' or 1=1 --"], 0, 'ada']);
    expect(plain(f)).toEqual({ sql: f.sql, params: f.params });
  });

  it('refuses question marks in SQL text, empty lists and undefined', () => {
    expect(() => trusted("s.issue_types ? 'crash'")).toThrow(/may not contain "\?"/);
    expect(() => sql`a ? ${1}`).toThrow(/may not contain "\?"/);
    expect(() => sql`a in (${[]})`).toThrow(/empty list/);
    expect(() => sql`a = ${undefined}`).toThrow(/undefined/);
  });

  it('joins conditions, leaving out the ones that always hold (or never do)', () => {
    expect(allOf([])).toBe(TRUE);
    expect(anyOf([])).toBe(FALSE);
    const a = sql`a = ${1}`;
    expect(allOf([TRUE, a])).toBe(a);
    const both = allOf([a, sql`b = ${2}`]);
    expect(both.sql).toBe('(a = ?) and (b = ?)');
    expect(both.params).toEqual([1, 2]);
    expect(anyOf([FALSE, a, sql`b = ${2}`]).sql).toBe('(a = ?) or (b = ?)');
  });
});
