import { Type } from '@sinclair/typebox';
import { notFound } from '@cassette/plugin-sdk/server';
import type { Funnel } from '../../shared/funnel.js';
import { route } from '../deps.js';
import { funnelWithFigures } from '../figures/funnel-figures.js';
import { updateAuthored, type FunnelChanges } from '../funnel-store.js';
import { funnelFilterSchema } from '../input/funnel-filter.schema.js';
import { funnelFilter, funnelName } from '../input/funnel-input.js';
import { assertReadable, readerContext } from '../input/readable-filter.js';
import { funnelQueryProperties } from '../query/funnel-query.schema.js';
import { resolveQuery } from '../query/funnel-query.js';
import { FUNNEL_NOT_FOUND, funnelParams, FUNNELS_ACCESS, requireAuthored, requireVisible } from './funnel-access.js';

/** Spec part 1 §7 `GET /funnels/{id}`: the funnel with its figures over the past 7 days, all its steps. */
export const funnelDetailRoute = route({
  method: 'GET',
  url: '/funnels/:funnelId',
  access: FUNNELS_ACCESS,
  summary: 'A funnel with its figures over the past 7 days, all its steps',
  schema: { params: funnelParams },
  handler: async ({ params, deps, sql: run, projectId, caller }): Promise<Funnel> => {
    const funnel = await requireVisible(run, projectId, params.funnelId, caller);
    return funnelWithFigures(deps, funnel, resolveQuery({}, funnel.stepsCount), await readerContext(deps, projectId, caller));
  },
});

/**
 * Spec part 1 §7 `POST /funnels/{id}` ("fetch or update"): with a name, filter or isPublic it
 * changes the funnel (its author only); either way it answers the funnel with its figures over
 * the body's range and stages (FunnelQueryBody; the past 7 days and all steps by default).
 */
export const updateFunnelRoute = route({
  method: 'POST',
  url: '/funnels/:funnelId',
  access: FUNNELS_ACCESS,
  summary: 'Change a funnel (name, filter, isPublic; its author only) and/or answer it with its figures over a range and stages',
  schema: {
    params: funnelParams,
    body: Type.Object(
      {
        name: Type.Optional(Type.String({ maxLength: 1000 })),
        filter: Type.Optional(funnelFilterSchema),
        isPublic: Type.Optional(Type.Boolean()),
        ...funnelQueryProperties,
      },
      { additionalProperties: false },
    ),
  },
  handler: async ({ params, body, deps, sql: run, projectId, caller }): Promise<Funnel> => {
    const { name, filter, isPublic, ...question } = body;
    const changes: FunnelChanges = {};
    if (name !== undefined) changes.name = funnelName(name);
    if (filter !== undefined) changes.filter = funnelFilter(filter);
    if (isPublic !== undefined) changes.isPublic = isPublic;
    const changing = Object.keys(changes).length > 0;
    let funnel = changing ? await requireAuthored(run, projectId, params.funnelId, caller, 'change') : await requireVisible(run, projectId, params.funnelId, caller);
    const context = await readerContext(deps, projectId, caller);
    if (changes.filter) assertReadable(deps, projectId, changes.filter, context);
    // Read before changing anything: a span the new steps cannot hold is refused with nothing written.
    const query = resolveQuery(question, (changes.filter ?? funnel.filter).events.length);
    if (changing) {
      const updated = await updateAuthored(run, projectId, params.funnelId, caller.userId, changes);
      // Deleted by its author in the meantime.
      if (!updated) throw notFound(FUNNEL_NOT_FOUND);
      funnel = updated;
    }
    return funnelWithFigures(deps, funnel, query, context);
  },
});
