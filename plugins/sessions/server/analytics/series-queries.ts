import type { FilterCompileContext, SessionFilterCompiler } from '../../api.js';
import type { SqlRunner } from '@cassette/plugin-sdk/server';
import type { BreakdownAnswer, BreakdownQuery, SeriesAnswer, SeriesQuery } from '../../shared/analytics.js';
import { breakdownOf } from './breakdown.js';
import { seriesOf } from './series.js';

/** Sessions and users over time and per dimension on PostgreSQL (and PGlite). */
export interface SeriesQueries {
  series(query: SeriesQuery, context: FilterCompileContext): Promise<SeriesAnswer>;
  breakdown(query: BreakdownQuery, context: FilterCompileContext): Promise<BreakdownAnswer>;
}

export function seriesQueries(run: SqlRunner, compiler: SessionFilterCompiler): SeriesQueries {
  return {
    series: (query, context) => seriesOf(run, compiler, query, context),
    breakdown: (query, context) => breakdownOf(run, compiler, query, context),
  };
}
