import type { FunnelQuery } from '@cassette/plugin-sessions/api';
import type { FunnelFilter } from '../../shared/funnel.js';
import type { ResolvedQuery } from '../query/funnel-query.js';

/**
 * The analytics service's question for a funnel: its steps, its session attributes and the
 * request's extra ones, over the request's dates (the funnel's own dates are where it was made,
 * not what it is asked about).
 */
export function analyticsQuery(projectId: number, filter: FunnelFilter, query: ResolvedQuery): FunnelQuery {
  return {
    projectId,
    steps: filter.events,
    sessionFilter: { filters: [...filter.filters, ...query.filters], minDuration: filter.minDuration ?? null, maxDuration: filter.maxDuration ?? null },
    range: query.range,
  };
}
