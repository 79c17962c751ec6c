import { Type } from '@sinclair/typebox';
import { defineRoute } from '@cassette/plugin-sdk/server';
import type { ErrorSessionItem } from '../../api.js';
import { errorParams, requireError } from './error-lookup.js';
import { errorSessions } from './error-sessions.js';

/** `GET /errors/{errorId}/sessions?page=&limit=`: every session that hit the group, newest first, paged. */
export const errorSessionsRoute = defineRoute({
  method: 'GET',
  url: '/errors/:errorId/sessions',
  access: { auth: 'user', project: true, permission: 'ERRORS' },
  summary: 'The sessions in which an error happened, newest first',
  schema: {
    params: errorParams,
    querystring: Type.Object({
      page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
    }),
  },
  handler: async ({ params, query, sql: run, projectId }): Promise<{ total: number; sessions: ErrorSessionItem[] }> => {
    await requireError(run, projectId, params.errorId);
    return errorSessions(run, projectId, params.errorId, query.page ?? 1, query.limit ?? 10);
  },
});
