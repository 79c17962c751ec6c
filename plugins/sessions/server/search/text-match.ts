import { allOf, anyOf, sql, type SqlFragment } from '@cassette/plugin-sdk/server';
import type { TextOperatorMeaning } from '../../shared/filter-catalogue.js';

/** What a text condition does once the column is chosen (onSelector / onComponent pick the column, then compare like is / contains). */
export type TextComparison = 'equals' | 'notEquals' | 'contains' | 'notContains' | 'startsWith' | 'endsWith';

const COMPARISON: Record<Exclude<TextOperatorMeaning, 'any' | 'none'>, TextComparison> = {
  equals: 'equals',
  notEquals: 'notEquals',
  contains: 'contains',
  notContains: 'notContains',
  startsWith: 'startsWith',
  endsWith: 'endsWith',
  selector: 'equals',
  selectorContains: 'contains',
};

/** How an operator compares values (onSelector / onComponent compare like is / contains, on the selector). */
export function comparisonOf(meaning: Exclude<TextOperatorMeaning, 'any' | 'none'>): TextComparison {
  return COMPARISON[meaning];
}

/** A column and the values compared with it (LOCATION sends paths to `path` and full URLs to `url`). */
export interface TextTarget {
  column: SqlFragment;
  values: readonly string[];
}

const NEGATIVE: Partial<Record<TextComparison, TextComparison>> = { notEquals: 'equals', notContains: 'contains' };

/** `%`, `_` and `\` match literally (backslash is PostgreSQL's default LIKE escape). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function likePattern(comparison: 'contains' | 'startsWith' | 'endsWith', value: string): string {
  const escaped = escapeLike(value);
  if (comparison === 'startsWith') return `${escaped}%`;
  if (comparison === 'endsWith') return `%${escaped}`;
  return `%${escaped}%`;
}

function positive(comparison: Exclude<TextComparison, 'notEquals' | 'notContains'>, { column, values }: TextTarget): SqlFragment {
  // is / isNot are exact (and can use the btree indexes); the others ignore case.
  if (comparison === 'equals') return sql`${column} in (${[...values]})`;
  // A prefix is compared in lower case, one LIKE per value: that is the shape the lower(…)
  // text_pattern_ops indexes (migration 0012) serve as a range scan, where ILIKE (no index can
  // serve a prefix with letters) and LIKE ANY (never a range) read every row of the type.
  // lower() on both sides, so the database folds the value as it folds the column.
  if (comparison === 'startsWith') return anyOf(values.map((v) => sql`lower(${column}) like lower(${likePattern(comparison, v)})`));
  return sql`${column} ilike any (array[${values.map((v) => likePattern(comparison, v))}]::text[])`;
}

/**
 * Positive comparisons hold when any value matches on any target; negative ones when no
 * value matches on any target (a missing value matches none, so it passes a negative one).
 */
export function textMatch(comparison: TextComparison, targets: readonly TextTarget[]): SqlFragment {
  const used = targets.filter((t) => t.values.length > 0);
  const negated = NEGATIVE[comparison];
  if (negated) {
    const p = negated as 'equals' | 'contains';
    return allOf(used.map((t) => sql`${t.column} is null or not (${positive(p, t)})`));
  }
  return anyOf(used.map((t) => positive(comparison as Exclude<TextComparison, 'notEquals' | 'notContains'>, t)));
}

/** isAny / hasAnyValue on an attribute: a non-empty value. */
export function hasText(column: SqlFragment): SqlFragment {
  return sql`coalesce(${column}, '') <> ''`;
}

/** hasNoValue / isUndefined: missing or empty. */
export function hasNoText(column: SqlFragment): SqlFragment {
  return sql`coalesce(${column}, '') = ''`;
}
