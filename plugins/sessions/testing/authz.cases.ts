import { AUTHZ, defineAuthzRows, type AuthzWorld } from '@cassette/plugin-sdk/testing';
import type { TestUser } from '@cassette/plugin-sdk/testing';
import { eventually, recordThroughTracker } from '@cassette/plugin-ingest/testing';

/** A processed session of tenant A's first project, recorded through the tracker endpoints (once per run). */
function recordedSession(w: AuthzWorld): Promise<string> {
  return w.once('sessions.recorded', async () => {
    const sessionId = await recordThroughTracker(w);
    return eventually('the recorded session', async () => {
      const res = await w.t.request('GET', `/api/${w.projectId}/sessions2/${sessionId}/recording`, { token: w.adminToken });
      return res.body?.data?.chunks?.length === 1 ? sessionId : undefined;
    });
  });
}

/** A saved search of tenant A's first project: the caller's own when it may save one (only the author may change it), else the admin's. */
async function savedSearchOf(w: AuthzWorld, caller: TestUser | null): Promise<number> {
  const body = { name: `Search ${w.unique()}`, filter: { events: [{ type: 'CLICK', operator: 'on', value: ['Buy'] }] } };
  const own = caller ? await w.t.request('POST', `/api/${w.projectId}/saved_search`, { token: caller.token, body }) : null;
  if (own?.status === 200) return own.body.data.searchId as number;
  const res = await w.t.request('POST', `/api/${w.projectId}/saved_search`, { token: w.adminToken, body });
  return res.body.data.searchId as number;
}

const REPLAY = AUTHZ.PERMISSION;

export const authzRows = defineAuthzRows({
  'POST /api/:projectId/sessions/search2': { statuses: REPLAY, fixture: (w) => ({ url: `/api/${w.projectId}/sessions/search2`, body: { page: 1 } }) },
  'GET /api/:projectId/sessions2/:sessionId': { statuses: REPLAY, fixture: async (w) => ({ url: `/api/${w.projectId}/sessions2/${await recordedSession(w)}` }) },
  'GET /api/:projectId/sessions2/:sessionId/favorite': { statuses: REPLAY, fixture: async (w) => ({ url: `/api/${w.projectId}/sessions2/${await recordedSession(w)}/favorite` }) },
  'GET /api/:projectId/sessions2/favorite': { statuses: REPLAY, fixture: (w) => ({ url: `/api/${w.projectId}/sessions2/favorite` }) },
  'POST /api/:projectId/sessions2/:sessionId/viewed': { statuses: REPLAY, fixture: async (w) => ({ url: `/api/${w.projectId}/sessions2/${await recordedSession(w)}/viewed` }) },
  'GET /api/:projectId/sessions2/:sessionId/recording': { statuses: REPLAY, fixture: async (w) => ({ url: `/api/${w.projectId}/sessions2/${await recordedSession(w)}/recording` }) },
  'GET /api/:projectId/sessions2/:sessionId/recording/:seq': { statuses: REPLAY, fixture: async (w) => ({ url: `/api/${w.projectId}/sessions2/${await recordedSession(w)}/recording/0` }) },
  'POST /api/:projectId/sessions/gdpr/delete-user': { statuses: AUTHZ.ADMIN_OWNED, fixture: (w) => ({ url: `/api/${w.projectId}/sessions/gdpr/delete-user`, body: { userId: `gone-${w.unique()}` } }) },
  'GET /api/:projectId/saved_search': { statuses: REPLAY, fixture: (w) => ({ url: `/api/${w.projectId}/saved_search` }) },
  'POST /api/:projectId/saved_search': {
    statuses: REPLAY,
    fixture: (w) => ({ url: `/api/${w.projectId}/saved_search`, body: { name: `Search ${w.unique()}`, filter: { filters: [{ type: 'USEROS', operator: 'is', value: ['Linux'] }] }, isPublic: true } }),
  },
  'POST /api/:projectId/saved_search/:searchId': {
    statuses: REPLAY,
    fixture: async (w, caller) => ({ url: `/api/${w.projectId}/saved_search/${await savedSearchOf(w, caller)}`, body: { name: 'Renamed search' } }),
  },
  'DELETE /api/:projectId/saved_search/:searchId': { statuses: REPLAY, fixture: async (w, caller) => ({ url: `/api/${w.projectId}/saved_search/${await savedSearchOf(w, caller)}` }) },
  'GET /api/:projectId/events/search': { statuses: REPLAY, fixture: (w) => ({ url: `/api/${w.projectId}/events/search?type=CLICK&q=a` }) },
  // Console text is Developer Tools data: the holding member has DEV_TOOLS too (the sessions plugin's route tests cover a replay-only member).
  'GET /api/:projectId/events/values': { statuses: REPLAY, fixture: (w) => ({ url: `/api/${w.projectId}/events/values?type=CONSOLE&q=a` }) },
  'GET /api/:projectId/events/selectors': { statuses: REPLAY, fixture: (w) => ({ url: `/api/${w.projectId}/events/selectors?q=a` }) },
  'GET /api/:projectId/sessions/filters': { statuses: REPLAY, fixture: (w) => ({ url: `/api/${w.projectId}/sessions/filters` }) },
  'GET /api/:projectId/sessions/filters/search': { statuses: REPLAY, fixture: (w) => ({ url: `/api/${w.projectId}/sessions/filters/search?type=USEROS&q=a` }) },
});
