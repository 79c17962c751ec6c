import type { FilterCompileContext, SessionFilterCompiler } from '../../api.js';
import type { SqlRunner } from '@cassette/plugin-sdk/server';
import type { BreakdownAnswer, BreakdownQuery, SeriesAnswer, SeriesQuery } from '../../shared/analytics.js';

// Being written: sessions and users over time and per dimension on PostgreSQL.
export interface SeriesQueries {
  series(query: SeriesQuery, context: FilterCompileContext): Promise<SeriesAnswer>;
  breakdown(query: BreakdownQuery, context: FilterCompileContext): Promise<BreakdownAnswer>;
}

export function seriesQueries(_run: SqlRunner, _compiler: SessionFilterCompiler): SeriesQueries {
  const pending = () => Promise.reject(new Error('series queries are not built yet'));
  return { series: pending, breakdown: pending };
}
