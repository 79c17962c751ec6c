import type { EntityManager } from '@mikro-orm/core';
import { storableParams } from './storable-text.js';

/**
 * The one SQL vocabulary of plugins: parameterised SQL built with the `sql` tag. Every value
 * interpolated into `sql\`...\`` becomes a `?` placeholder and a parameter; only an
 * `SqlFragment` (built the same way, or by `trusted` from a constant in code) is spliced as
 * text, so no value from a request can reach the SQL text. Analytics queries, filters and
 * plain reads and writes all compose from it, and one runner executes it.
 */
export class SqlFragment {
  constructor(
    readonly sql: string,
    readonly params: readonly unknown[],
  ) {}

  /** A plain copy (`{ sql, params }`), for logs and for callers that serialise it. */
  toJSON(): { sql: string; params: unknown[] } {
    return { sql: this.sql, params: [...this.params] };
  }
}

/** A question mark in the text would be read as a placeholder (the jsonb `?` operators too). */
function assertNoPlaceholder(text: string): void {
  if (text.includes('?')) throw new Error(`SQL text may not contain "?" outside placeholders: ${text}`);
}

/** SQL text written in our code (a column name from a fixed table, an operator from a fixed map). */
export function trusted(text: string): SqlFragment {
  assertNoPlaceholder(text);
  return new SqlFragment(text, []);
}

export function sql(strings: TemplateStringsArray, ...values: unknown[]): SqlFragment {
  let text = '';
  const params: unknown[] = [];
  strings.forEach((part, i) => {
    assertNoPlaceholder(part);
    text += part;
    if (i >= values.length) return;
    const value = values[i];
    if (value instanceof SqlFragment) {
      text += value.sql;
      params.push(...value.params);
      return;
    }
    // An array parameter expands to a list (`in (?)`, `array[?]`); an empty one would be a syntax error.
    if (Array.isArray(value) && value.length === 0) throw new Error('an empty list cannot be a SQL parameter');
    if (value === undefined) throw new Error('undefined cannot be a SQL parameter');
    text += '?';
    params.push(value);
  });
  return new SqlFragment(text, params);
}

/** Fragments joined by a fixed separator. */
export function joinSql(fragments: readonly SqlFragment[], separator: ' and ' | ' or ' | ', ' | ' ' | ' union all '): SqlFragment {
  return new SqlFragment(fragments.map((f) => f.sql).join(separator), fragments.flatMap((f) => f.params));
}

export const SQL_TRUE = trusted('true');
export const SQL_FALSE = trusted('false');

/** Every fragment holds (true when there are none); each is parenthesised. */
export function allOf(all: readonly SqlFragment[]): SqlFragment {
  const fragments = all.filter((f) => f !== SQL_TRUE);
  if (fragments.length === 0) return SQL_TRUE;
  if (fragments.length === 1) return fragments[0]!;
  return joinSql(
    fragments.map((f) => sql`(${f})`),
    ' and ',
  );
}

/** At least one fragment holds (false when there are none). */
export function anyOf(all: readonly SqlFragment[]): SqlFragment {
  const fragments = all.filter((f) => f !== SQL_FALSE);
  if (fragments.length === 0) return SQL_FALSE;
  if (fragments.length === 1) return fragments[0]!;
  return joinSql(
    fragments.map((f) => sql`(${f})`),
    ' or ',
  );
}

/**
 * Runs fragments: `await run<Row>(sql\`select ...\`)` answers the rows. The runner a route gets
 * is bound to its request's EntityManager; `transaction` hands `work` a runner bound to one
 * transaction, which commits when `work` resolves (what a processor writes for a batch and the
 * state it keeps after it commit together).
 */
export interface SqlRunner {
  <T = Record<string, unknown>>(query: SqlFragment): Promise<T[]>;
  transaction<T>(work: (run: SqlRunner) => Promise<T>): Promise<T>;
}

/**
 * A runner on an EntityManager (and its transaction, when it is inside one). Every parameter
 * is made storable on the way (storable-text.ts): text from a browser is arbitrary UTF-16, and
 * one lone surrogate in one value must not fail a statement that stores a whole batch.
 */
export function sqlRunner(em: EntityManager): SqlRunner {
  const run = async <T>(query: SqlFragment): Promise<T[]> =>
    (await em.getConnection().execute(query.sql, storableParams(query.sql, query.params), 'all', em.getTransactionContext())) as T[];
  return Object.assign(run, {
    transaction: <T>(work: (inner: SqlRunner) => Promise<T>) => em.transactional((tx) => work(sqlRunner(tx as EntityManager))),
  }) as SqlRunner;
}
