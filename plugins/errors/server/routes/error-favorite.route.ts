import { Type } from '@sinclair/typebox';
import { defineRoute } from '@cassette/plugin-sdk/server';
import { errorParams, requireError, sql } from './error-lookup.js';

/** Spec part 2 §7 `GET /errors/{id}/favorite`: toggles the caller's bookmark and answers the new state. */
export const toggleErrorFavoriteRoute = defineRoute({
  method: 'GET',
  url: '/errors/:errorId/favorite',
  access: { auth: 'user', project: true, permission: 'ERRORS' },
  summary: "Toggle the caller's bookmark on an error; answers { favorite }",
  schema: { params: errorParams, response: Type.Object({ favorite: Type.Boolean() }) },
  handler: async ({ params, em, projectId, caller }) => {
    await requireError(em, projectId, params.errorId);
    // One statement each way, so two quick clicks cannot both add (or both remove).
    const removed = await sql(em, 'delete from errors_favorites where error_id = ? and user_id = ? returning error_id', [params.errorId, caller.userId]);
    if (removed.length) return { favorite: false };
    await sql(em, 'insert into errors_favorites (error_id, user_id) values (?, ?) on conflict do nothing', [params.errorId, caller.userId]);
    return { favorite: true };
  },
});
