import type { Funnel } from '../../shared/funnel.js';
import { route } from '../deps.js';
import { funnelWithFigures } from '../figures/funnel-figures.js';
import { askedFunnel } from '../input/asked-funnel.js';
import { readerContext } from '../input/readable-filter.js';
import { funnelQuerySchema } from '../query/funnel-query.schema.js';
import { resolveQuery } from '../query/funnel-query.js';
import { funnelParams, FUNNELS_ACCESS, requireVisible } from './funnel-access.js';

/**
 * Spec part 1 §7 `POST /funnels/{id}/insights`: the funnel's figures over a range, every stage,
 * with the summary of the critical issues between the chosen stages (firstStage, lastStage).
 */
export const funnelInsightsRoute = route({
  method: 'POST',
  url: '/funnels/:funnelId/insights',
  access: FUNNELS_ACCESS,
  summary: "A funnel's figures over a range: every stage, and the critical issues' summary between two stages",
  schema: { params: funnelParams, body: funnelQuerySchema },
  handler: async ({ params, body, deps, sql: run, projectId, caller }): Promise<Funnel> => {
    const context = await readerContext(deps, projectId, caller);
    const funnel = askedFunnel(deps, await requireVisible(run, projectId, params.funnelId, caller), body, context);
    return funnelWithFigures(deps, funnel, resolveQuery(body, funnel.stepsCount), context);
  },
});
