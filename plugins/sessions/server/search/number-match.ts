import { anyOf, sql, trusted, type SqlFragment } from '@cassette/plugin-sdk/server';
import { NUMBER_OPERATOR_SQL, type NumberOperator } from '../../shared/filter-catalogue.js';

export type SqlComparison = (typeof NUMBER_OPERATOR_SQL)[NumberOperator];

/** The SQL operators a comparison may use; the text comes from this table, never from a request. */
const OPERATOR_TEXT: Record<SqlComparison, SqlFragment> = {
  '=': trusted('='),
  '<>': trusted('<>'),
  '<': trusted('<'),
  '>': trusted('>'),
  '<=': trusted('<='),
  '>=': trusted('>='),
};

/** One comparison of a column with a number (a performance threshold). */
export function compareNumber(column: SqlFragment, comparison: SqlComparison, value: number): SqlFragment {
  return sql`${column} ${OPERATOR_TEXT[comparison]} ${value}`;
}

/**
 * A number filter (status code, request duration) on a column: `<>` holds when the column
 * equals none of the values (a missing number included); the others when any value compares.
 */
export function numberMatch(column: SqlFragment, comparison: SqlComparison, values: readonly number[]): SqlFragment {
  if (comparison === '<>') return sql`${column} is null or ${column} not in (${[...values]})`;
  if (comparison === '=') return sql`${column} in (${[...values]})`;
  return anyOf(values.map((v) => compareNumber(column, comparison, v)));
}
