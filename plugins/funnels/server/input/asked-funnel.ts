import type { Static } from '@sinclair/typebox';
import type { FilterCompileContext } from '@cassette/plugin-sessions/api';
import type { FunnelsDeps } from '../deps.js';
import type { StoredFunnel } from '../funnel-store.js';
import type { funnelFilterSchema } from './funnel-filter.schema.js';
import { funnelFilter } from './funnel-input.js';
import { assertReadable } from './readable-filter.js';

/**
 * The funnel a question is about: the saved one, or, when the body brings a `filter`, the same
 * funnel counted with that filter (its steps and attributes as edited on the funnel page, not
 * saved). The edited filter is held to the rules a saved one is: 1 to 10 steps the search reads,
 * attributes it runs, Developer Tools data only for those who may read it. Nothing is stored.
 */
export function askedFunnel(deps: Pick<FunnelsDeps, 'filterCompiler'>, funnel: StoredFunnel, body: { filter?: Static<typeof funnelFilterSchema> }, context: FilterCompileContext): StoredFunnel {
  if (!body.filter) return funnel;
  const filter = funnelFilter(body.filter);
  assertReadable(deps, funnel.projectId, filter, context);
  return { ...funnel, filter, stepsCount: filter.events.length };
}
