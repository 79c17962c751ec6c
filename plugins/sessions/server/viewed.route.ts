import { Type } from '@sinclair/typebox';
import { defineRoute } from '@cassette/plugin-sdk/server';
import { requireSession, sessionParams, sql } from './session-lookup.js';

/** Spec part 2 §4: playing a session marks it viewed for the caller. Idempotent: the first time is kept. */
export const markViewedRoute = defineRoute({
  method: 'POST',
  url: '/sessions2/:sessionId/viewed',
  access: { auth: 'user', project: true, permission: 'SESSION_REPLAY' },
  summary: 'Mark a session viewed by the caller',
  schema: { params: sessionParams, response: Type.Object({ viewed: Type.Boolean() }) },
  handler: async ({ params, em, projectId, caller }) => {
    await requireSession(em, projectId, params.sessionId);
    await sql(em, 'insert into sessions_viewed (session_id, user_id, project_id) values (?, ?, ?) on conflict do nothing', [params.sessionId, caller.userId, projectId]);
    return { viewed: true };
  },
});
