import { AUTHZ, defineAuthzRows, type AuthzWorld, type Statuses } from '@cassette/plugin-sdk/testing';
import { eventually, recordThroughTracker } from '@cassette/plugin-ingest/testing';

/** A processed session of tenant A's first project, recorded through the tracker endpoints (shared with the sessions plugin's rows). */
function recordedSession(w: AuthzWorld): Promise<string> {
  return w.once('sessions.recorded', async () => {
    const sessionId = await recordThroughTracker(w);
    return eventually('the recorded session', async () => {
      const res = await w.t.request('GET', `/api/${w.projectId}/sessions2/${sessionId}/recording`, { token: w.adminToken });
      return res.body?.data?.chunks?.length === 1 ? sessionId : undefined;
    });
  });
}

// The matrix boots every plugin of the repository and no tool fills the extension points unless
// a tool's plugin is there: routes naming a tool find none (404 for admins), and ticket routes find
// no connected tracker (400) or no ticket (404). Those answers still come after the permission check.
const NO_TOOL = 'not-installed';
const ADMIN_NO_TOOL: Statuses = [401, 403, 403, 404, 404];
const REPLAY_NO_TRACKER: Statuses = [401, 403, 400, 400, 404];
const REPLAY_NO_TICKET: Statuses = [401, 403, 404, 404, 404];

/** Settings are admins'; backend logs want Session Replay and Developer Tools (the holding member has both); tickets want Session Replay. */
export const authzRows = defineAuthzRows({
  'GET /api/:projectId/integration/sources': { statuses: AUTHZ.USER_OWNED, fixture: (w) => ({ url: `/api/${w.projectId}/integration/sources` }) },
  'GET /api/:projectId/integrations/:name': { statuses: ADMIN_NO_TOOL, fixture: (w) => ({ url: `/api/${w.projectId}/integrations/${NO_TOOL}` }) },
  'POST /api/:projectId/integrations/:name': { statuses: ADMIN_NO_TOOL, fixture: (w) => ({ url: `/api/${w.projectId}/integrations/${NO_TOOL}`, body: { config: { token: 'authz-token-1234' } } }) },
  'POST /api/:projectId/integrations/:name/check': { statuses: ADMIN_NO_TOOL, fixture: (w) => ({ url: `/api/${w.projectId}/integrations/${NO_TOOL}/check` }) },
  'DELETE /api/:projectId/integrations/:name': { statuses: ADMIN_NO_TOOL, fixture: (w) => ({ url: `/api/${w.projectId}/integrations/${NO_TOOL}` }) },
  'GET /api/:projectId/sessions2/:sessionId/backend_logs': { statuses: AUTHZ.PERMISSION, fixture: async (w) => ({ url: `/api/${w.projectId}/sessions2/${await recordedSession(w)}/backend_logs` }) },
  'GET /api/:projectId/integrations/issues/list_projects': { statuses: REPLAY_NO_TRACKER, fixture: (w) => ({ url: `/api/${w.projectId}/integrations/issues/list_projects` }) },
  'GET /api/:projectId/integrations/issues/:id': { statuses: REPLAY_NO_TICKET, fixture: (w) => ({ url: `/api/${w.projectId}/integrations/issues/WEB-1` }) },
  'GET /api/:projectId/sessions2/:sessionId/assign': { statuses: AUTHZ.PERMISSION, fixture: async (w) => ({ url: `/api/${w.projectId}/sessions2/${await recordedSession(w)}/assign` }) },
  'GET /api/:projectId/sessions2/:sessionId/assign/:issueId': { statuses: REPLAY_NO_TICKET, fixture: async (w) => ({ url: `/api/${w.projectId}/sessions2/${await recordedSession(w)}/assign/WEB-1` }) },
  'POST /api/:projectId/sessions2/:sessionId/assign/projects/:ticketProjectId': {
    statuses: REPLAY_NO_TRACKER,
    fixture: async (w) => ({ url: `/api/${w.projectId}/sessions2/${await recordedSession(w)}/assign/projects/WEB`, body: { issueTypeId: 'bug', title: 'Broken cart', description: 'https://app.example.test/session' } }),
  },
  'POST /api/:projectId/sessions2/:sessionId/assign/:issueId/comment': {
    statuses: REPLAY_NO_TICKET,
    fixture: async (w) => ({ url: `/api/${w.projectId}/sessions2/${await recordedSession(w)}/assign/WEB-1/comment`, body: { message: 'Seen again' } }),
  },
});
