import { Type } from '@sinclair/typebox';
import { SESSION_ID_PATTERN } from '@cassette/plugin-ingest/api';
import type { ResolvedStack } from '../../api.js';
import { route } from '../deps.js';
import { latestOccurrenceStack, sessionOccurrenceStack } from './occurrence-stack.js';

const errorId = Type.String({ minLength: 1, maxLength: 200, description: 'An error id' });
const sessionId = Type.String({ pattern: SESSION_ID_PATTERN, description: 'A session id: 19 digits' });

/** `GET /api/{projectId}/errors/{errorId}/sourcemaps`: the latest occurrence's stack, mapped to the original sources. */
export const errorStackRoute = route({
  method: 'GET',
  url: '/errors/:errorId/sourcemaps',
  access: { auth: 'user', project: true, permission: 'ERRORS' },
  summary: "The stack of the error's latest occurrence, mapped with the uploaded source maps",
  keepNulls: true,
  schema: { params: Type.Object({ errorId }) },
  handler: async ({ params, sql: run, projectId, deps }): Promise<ResolvedStack> => {
    const occurrence = await latestOccurrenceStack(run, projectId, params.errorId);
    return deps.sourceMaps.resolver.resolve(projectId, occurrence.release, occurrence.frames, occurrence.stack);
  },
});

/** `GET /api/{projectId}/sessions2/{sessionId}/errors/{errorId}/sourcemaps[?key=seq:idx]`: the stack of that session's occurrence. */
export const sessionErrorStackRoute = route({
  method: 'GET',
  url: '/sessions2/:sessionId/errors/:errorId/sourcemaps',
  access: { auth: 'user', project: true, permission: 'ERRORS' },
  summary: "The stack of a session's occurrence of an error (its first, or the one at ?key=seq:idx), mapped with the uploaded source maps",
  keepNulls: true,
  schema: {
    params: Type.Object({ sessionId, errorId }),
    querystring: Type.Object({ key: Type.Optional(Type.String({ pattern: '^[0-9]{1,9}:[0-9]{1,9}$', description: 'seq:idx of the error event in the session' })) }),
  },
  handler: async ({ params, query, sql: run, projectId, deps }): Promise<ResolvedStack> => {
    const [seq, idx] = query.key?.split(':').map(Number) ?? [];
    const key = seq !== undefined && idx !== undefined ? { seq, idx } : undefined;
    const occurrence = await sessionOccurrenceStack(run, projectId, params.sessionId, params.errorId, key);
    return deps.sourceMaps.resolver.resolve(projectId, occurrence.release, occurrence.frames, occurrence.stack);
  },
});
