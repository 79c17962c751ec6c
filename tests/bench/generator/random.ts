import type { SqlFragment } from '@cassette/plugin-sdk/server';
import { arrayOf, literal, sql } from './sql.js';

/**
 * Seeded pseudo-randomness as SQL expressions. Each draw hashes a row key (a bigint built
 * from the session number, page and slot) with a salt made of the seed and a stream number,
 * using PostgreSQL's own `hashint8extended`: the same on PostgreSQL 15 and on PGlite, unlike
 * `random()` / `setseed`, and cheap enough for millions of rows. Different streams give
 * independent draws for the same row.
 */
export class SeededRandom {
  constructor(readonly seed: number) {
    if (!Number.isSafeInteger(seed) || seed < 0 || seed > 1_000_000) throw new Error(`the seed must be an integer from 0 to 1,000,000, not ${seed}`);
  }

  /** Uniform in [0, 1). */
  uniform(stream: number, key: SqlFragment): SqlFragment {
    const salt = literal(this.seed * 1_000_003 + stream);
    return sql`((hashint8extended((${key})::bigint, ${salt}) & 9007199254740991)::float8 / 9007199254740992.0)`;
  }

  /** Standard normal (Box–Muller over streams `stream` and `stream + 1`). */
  normal(stream: number, key: SqlFragment): SqlFragment {
    return sql`(sqrt(-2.0 * ln(1.0 - ${this.uniform(stream, key)})) * cos(2.0 * pi() * ${this.uniform(stream + 1, key)}))`;
  }

  /** Log-normal with the given median and spread (sigma of the log). */
  logNormal(stream: number, key: SqlFragment, median: number, sigma: number): SqlFragment {
    return sql`exp(${Math.log(median)} + ${sigma} * ${this.normal(stream, key)})`;
  }

  /** 1-based index into `weights`, drawn in proportion to them. */
  pickIndex(stream: number, key: SqlFragment, weights: readonly number[]): SqlFragment {
    return weightedIndex(this.uniform(stream, key), weights);
  }

  /** One of `values`, drawn in proportion to `weights`. */
  pick(stream: number, key: SqlFragment, values: readonly unknown[], weights: readonly number[], cast: string): SqlFragment {
    if (values.length !== weights.length) throw new Error('values and weights differ in length');
    return sql`(${arrayOf(values, cast)})[${this.pickIndex(stream, key, weights)}]`;
  }

  /** 1..count, item k about 1/k as likely as item 1 (Zipf with exponent 1). */
  zipf(stream: number, key: SqlFragment, count: number): SqlFragment {
    return sql`least(${count}, floor(exp(${this.uniform(stream, key)} * ln(${count + 1}.0))))::int`;
  }

  /** 1..max, each value `continueProbability` times as likely as the one before (geometric, capped). */
  geometric(stream: number, key: SqlFragment, continueProbability: number, max: number): SqlFragment {
    return sql`least(${max}, 1 + floor(ln(1.0 - ${this.uniform(stream, key)}) / ln(${continueProbability})))::int`;
  }

  /** True with probability `p`. */
  chance(stream: number, key: SqlFragment, p: number): SqlFragment {
    return sql`(${this.uniform(stream, key)} < ${p})`;
  }
}

/** 1-based bucket of `u` (uniform in [0, 1)) when the buckets are as wide as `weights` say. */
export function weightedIndex(u: SqlFragment, weights: readonly number[]): SqlFragment {
  const total = weights.reduce((a, b) => a + b, 0);
  if (!(total > 0) || weights.some((w) => !(w >= 0))) throw new Error('weights must be non-negative with a positive sum');
  const lowerBounds: number[] = [];
  let cumulative = 0;
  for (const w of weights) {
    lowerBounds.push(cumulative / total);
    cumulative += w;
  }
  return sql`width_bucket(${u}, ${arrayOf(lowerBounds, 'float8[]')})`;
}
