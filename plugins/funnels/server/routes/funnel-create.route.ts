import { Type } from '@sinclair/typebox';
import { badRequest } from '@cassette/plugin-sdk/server';
import type { Funnel } from '../../shared/funnel.js';
import { route } from '../deps.js';
import { funnelWithFigures } from '../figures/funnel-figures.js';
import { FUNNELS_PER_USER, insertWithinLimit } from '../funnel-store.js';
import { funnelFilter, funnelName } from '../input/funnel-input.js';
import { assertReadable, readerContext } from '../input/readable-filter.js';
import { resolveRange, resolveSpan } from '../query/funnel-query.js';
import { funnelDefinitionProperties } from './funnel-body.schema.js';
import { FUNNELS_ACCESS } from './funnel-access.js';

/**
 * Spec part 1 §7 `POST /funnels`: saves a funnel (private unless isPublic) and answers it with
 * its figures over the filter's own range (the past 7 days by default), all its steps.
 */
export const createFunnelRoute = route({
  method: 'POST',
  url: '/funnels',
  access: FUNNELS_ACCESS,
  summary: `Save a funnel (name, filter with its steps, isPublic) and answer it with its figures; at most ${FUNNELS_PER_USER} per member and project`,
  schema: { body: Type.Object(funnelDefinitionProperties, { additionalProperties: false }) },
  handler: async ({ body, deps, sql: run, projectId, caller }): Promise<Funnel> => {
    const name = funnelName(body.name);
    const filter = funnelFilter(body.filter);
    const context = await readerContext(deps, projectId, caller);
    assertReadable(deps, projectId, filter, context);
    // Read before saving, so a funnel whose range cannot be read is not kept.
    const query = { range: resolveRange(filter), span: resolveSpan({}, filter.events.length), filters: [] };
    const created = await insertWithinLimit(run, { projectId, userId: caller.userId, name, filter, isPublic: body.isPublic ?? false });
    if (!created) throw badRequest(`You already keep ${FUNNELS_PER_USER} funnels in this project; delete one before saving another.`);
    return funnelWithFigures(deps, created, query, context);
  },
});
