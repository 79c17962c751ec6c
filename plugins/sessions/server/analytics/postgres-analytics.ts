import type { SqlRunner } from '@cassette/plugin-sdk/server';
import type { AnalyticsQueryService, SessionFilterCompiler } from '../../api.js';
import { catalogueQueries } from './catalogue/catalogue-queries.js';
import { funnelQueries } from './funnel-queries.js';
import { heatmap, targetCoverage } from './heatmap.js';
import { seriesQueries } from './series-queries.js';
import { slowestPages } from './slowest-pages.js';

/**
 * The analytics query service on PostgreSQL (and PGlite): the session search's filter compiler
 * picks the sessions, these queries count them. Another store implements the same port.
 */
export function postgresAnalytics(run: SqlRunner, compiler: SessionFilterCompiler): AnalyticsQueryService {
  return {
    ...funnelQueries(run, compiler),
    ...seriesQueries(run, compiler),
    ...catalogueQueries(run, compiler),
    slowestPages: (query, context) => slowestPages(run, compiler, query, context),
    heatmap: (query, context) => heatmap(run, query, context),
    targetCoverage: (query, context) => targetCoverage(run, query, context),
  };
}
