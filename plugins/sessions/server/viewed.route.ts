import { Type } from '@sinclair/typebox';
import { defineRoute, sql } from '@cassette/plugin-sdk/server';
import { requireSession, sessionParams } from './session-lookup.js';

/** Spec part 2 §4: playing a session marks it viewed for the caller. Idempotent: the first time is kept. */
export const markViewedRoute = defineRoute({
  method: 'POST',
  url: '/sessions2/:sessionId/viewed',
  access: { auth: 'user', project: true, permission: 'SESSION_REPLAY' },
  summary: 'Mark a session viewed by the caller',
  schema: { params: sessionParams, response: Type.Object({ viewed: Type.Boolean() }) },
  handler: async ({ params, sql: run, projectId, caller }) => {
    await requireSession(run, projectId, params.sessionId);
    await run(sql`insert into sessions_viewed (session_id, user_id, project_id) values (${params.sessionId}, ${caller.userId}, ${projectId}) on conflict do nothing`);
    return { viewed: true };
  },
});
