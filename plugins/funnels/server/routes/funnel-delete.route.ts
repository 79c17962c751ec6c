import { Type } from '@sinclair/typebox';
import { defineRoute, notFound } from '@cassette/plugin-sdk/server';
import { deleteAuthored } from '../funnel-store.js';
import { FUNNEL_NOT_FOUND, funnelParams, FUNNELS_ACCESS, requireAuthored } from './funnel-access.js';

/** Spec part 1 §7 `DELETE /funnels/{id}`: its author only. */
export const deleteFunnelRoute = defineRoute({
  method: 'DELETE',
  url: '/funnels/:funnelId',
  access: FUNNELS_ACCESS,
  summary: 'Delete a funnel; only its author may',
  schema: { params: funnelParams, response: Type.Object({ deleted: Type.Literal(true) }) },
  handler: async ({ params, sql: run, projectId, caller }): Promise<{ deleted: true }> => {
    await requireAuthored(run, projectId, params.funnelId, caller, 'delete');
    if (!(await deleteAuthored(run, projectId, params.funnelId, caller.userId))) throw notFound(FUNNEL_NOT_FOUND);
    return { deleted: true };
  },
});
