import { describe, expect, it } from 'vitest';
import { redactSqlLiterals } from './sql-redaction.js';

describe('redactSqlLiterals', () => {
  it('replaces string, escaped, dollar-quoted and numeric literals, keeps names and placeholders', () => {
    expect(redactSqlLiterals(`insert into "ingest_batches" ("seq", "body") values (12, 'it''s secret'), (-3.5e2, E'a\\'b secret')`)).toBe(
      `insert into "ingest_batches" ("seq", "body") values (?, ?), (?, ?)`,
    );
    expect(redactSqlLiterals(`select $1, $tag$ secret ' 42 $tag$, $$secret$$ from t2 where col3 = 7`)).toBe(`select $1, ?, ? from t2 where col3 = ?`);
    expect(redactSqlLiterals(`select "col 1", t.x1 from "t 2"`)).toBe(`select "col 1", t.x1 from "t 2"`);
  });

  it('removes an unterminated string to the end (a statement cut short)', () => {
    expect(redactSqlLiterals(`insert into t (a) values ('secret payload that was cut`)).toBe(`insert into t (a) values (?`);
  });
});
