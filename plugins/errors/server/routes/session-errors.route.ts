import { Type } from '@sinclair/typebox';
import { defineRoute, notFound, sql } from '@cassette/plugin-sdk/server';
import type { ErrorStatus, SessionErrorOccurrence } from '../../api.js';
import { epoch } from './error-lookup.js';

export const sessionIdParam = Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$', description: 'A session id' });

/**
 * `GET /sessions2/{sessionId}/errors`: the session's exceptions with their group, keyed like
 * the session's `errors[].key`, so the player's errors panel links each to its group.
 */
export const sessionErrorsRoute = defineRoute({
  method: 'GET',
  url: '/sessions2/:sessionId/errors',
  access: { auth: 'user', project: true, permission: 'ERRORS' },
  summary: "A session's error occurrences with their groups",
  schema: { params: Type.Object({ sessionId: sessionIdParam }) },
  handler: async ({ params, sql: run, projectId }): Promise<SessionErrorOccurrence[]> => {
    const [known] = await run(sql`select 1 from errors_sessions where project_id = ${projectId} and session_id = ${params.sessionId}`);
    if (!known) throw notFound('Session not found');
    const rows = await run<{ error_id: string; seq: number; idx: number; ts: Date | string; status: ErrorStatus }>(sql`select o.error_id, o.seq, o.idx, o.ts, e.status from errors_occurrences o
       join errors_errors e on e.project_id = o.project_id and e.error_id = o.error_id
       where o.project_id = ${projectId} and o.session_id = ${params.sessionId} order by o.ts, o.seq, o.idx`);
    return rows.map((r) => ({ errorId: r.error_id, key: `${r.seq}:${r.idx}`, timestamp: epoch(r.ts), status: r.status }));
  },
});
