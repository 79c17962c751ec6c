import type { Session } from '../shared/session.js';
import { holdsDevTools } from './dev-tools-access.js';
import { route } from './deps.js';
import { loadSessionDetail } from './session-detail.js';
import { sessionParams } from './session-lookup.js';

/** The session player's data (spec part 2 §7 `GET /sessions2/{id}`); the DOM recording streams separately. */
export const sessionDetailRoute = route({
  method: 'GET',
  url: '/sessions2/:sessionId',
  access: { auth: 'user', project: true, permission: 'SESSION_REPLAY' },
  summary: 'One recorded session with its events, errors and issues; console, network, stack events and performance only with Developer Tools',
  schema: { params: sessionParams },
  handler: async ({ params, deps, sql: run, projectId, caller }): Promise<Session> =>
    loadSessionDetail(run, deps.projects, {
      projectId,
      sessionId: params.sessionId,
      viewerId: caller.userId,
      devtools: holdsDevTools(caller),
    }),
});
