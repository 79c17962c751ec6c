import { defineRoute } from '@cassette/plugin-sdk/server';
import type { FunnelListItem } from '../../shared/funnel.js';
import { listVisible } from '../funnel-store.js';
import { FUNNELS_ACCESS } from './funnel-access.js';

/** Spec part 1 §7 `GET /funnels`: the caller's funnels and the project's shared ones, newest first. */
export const listFunnelsRoute = defineRoute({
  method: 'GET',
  url: '/funnels',
  access: FUNNELS_ACCESS,
  summary: "The caller's funnels and the project's shared ones, newest first (no figures)",
  schema: {},
  handler: async ({ sql: run, projectId, caller }): Promise<FunnelListItem[]> => {
    const funnels = await listVisible(run, projectId, caller.userId);
    return funnels.map(({ filter: _filter, ...item }) => item);
  },
});
