import { Type } from '@sinclair/typebox';
import { badRequest } from '@cassette/plugin-sdk/server';
import { route } from './deps.js';
import { sessionDeletion } from './session-deletion.js';

const USER_KEY = Type.String({ minLength: 1, maxLength: 256 });

/** GDPR erasure of one end user of the recorded website: every session, event and recording of theirs in the project. */
export const gdprDeleteUserRoute = route({
  method: 'POST',
  url: '/sessions/gdpr/delete-user',
  access: { auth: 'admin', project: true },
  summary: "Delete every recorded session of one user of the website (by user id and/or anonymous id), with its events and recordings",
  schema: {
    body: Type.Object({ userId: Type.Optional(USER_KEY), userAnonymousId: Type.Optional(USER_KEY) }, { additionalProperties: false }),
    response: Type.Object({ deletedSessions: Type.Integer() }),
  },
  handler: async ({ body, deps, projectId }) => {
    if (!body?.userId && !body?.userAnonymousId) throw badRequest('Give the userId or the userAnonymousId of the user whose data must be deleted.');
    const deletion = sessionDeletion(deps);
    const ids = await deletion.sessionsOfUser(projectId, body);
    await deletion.deleteSessions(projectId, ids);
    return { deletedSessions: ids.length };
  },
});
