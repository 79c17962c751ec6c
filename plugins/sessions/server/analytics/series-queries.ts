import type { FilterCompileContext, SessionFilterCompiler } from '../../api.js';
import type { SqlRunner } from '@cassette/plugin-sdk/server';
import type { BreakdownAnswer, BreakdownQuery, SeriesAnswer, SeriesQuery, SessionIdsPage } from '../../shared/analytics.js';
import type { SeriesSessionsQuery } from '../../shared/analytics-drill-down.js';
import { breakdownOf } from './breakdown.js';
import { seriesSessionsOf } from './series-sessions.js';
import { seriesOf } from './series.js';

/** Sessions and users over time and per dimension on PostgreSQL (and PGlite). */
export interface SeriesQueries {
  series(query: SeriesQuery, context: FilterCompileContext): Promise<SeriesAnswer>;
  breakdown(query: BreakdownQuery, context: FilterCompileContext): Promise<BreakdownAnswer>;
  seriesSessions(query: SeriesSessionsQuery, context: FilterCompileContext): Promise<SessionIdsPage>;
}

export function seriesQueries(run: SqlRunner, compiler: SessionFilterCompiler): SeriesQueries {
  return {
    series: (query, context) => seriesOf(run, compiler, query, context),
    breakdown: (query, context) => breakdownOf(run, compiler, query, context),
    seriesSessions: (query, context) => seriesSessionsOf(run, compiler, query, context),
  };
}
