import { Type } from '@sinclair/typebox';
import { defineRoute, sql } from '@cassette/plugin-sdk/server';
import { errorParams, requireError } from './error-lookup.js';

/** Spec part 2 §7 `GET /errors/{id}/favorite`: toggles the caller's bookmark and answers the new state. */
export const toggleErrorFavoriteRoute = defineRoute({
  method: 'GET',
  url: '/errors/:errorId/favorite',
  access: { auth: 'user', project: true, permission: 'ERRORS' },
  summary: "Toggle the caller's bookmark on an error; answers { favorite }",
  schema: { params: errorParams, response: Type.Object({ favorite: Type.Boolean() }) },
  handler: async ({ params, sql: run, projectId, caller }) => {
    await requireError(run, projectId, params.errorId);
    // One statement each way, so two quick clicks cannot both add (or both remove).
    const removed = await run(sql`delete from errors_favorites where error_id = ${params.errorId} and user_id = ${caller.userId} returning error_id`);
    if (removed.length) return { favorite: false };
    await run(sql`insert into errors_favorites (error_id, user_id) values (${params.errorId}, ${caller.userId}) on conflict do nothing`);
    return { favorite: true };
  },
});
