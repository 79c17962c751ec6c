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

/** A watchdog rule of tenant A's first project (made by its admin: members may not). */
async function watchdogOf(w: AuthzWorld): Promise<number> {
  const res = await w.t.request('POST', `/api/${w.projectId}/watchdogs`, { token: w.adminToken, body: { name: `Rule ${w.unique()}`, ruleId: 'custom_event', ruleConfig: { value: 'checkout' } } });
  return res.body.data.watchdogId as number;
}

/** A rehydration job of tenant A's first project. */
function rehydrationOf(w: AuthzWorld): Promise<number> {
  return w.once('sessions.rehydration', async () => {
    const res = await w.t.request('POST', `/api/${w.projectId}/rehydrations`, { token: w.adminToken, body: { name: 'Last hour', startTs: Date.now() - 3_600_000, endTs: Date.now() } });
    return res.body.data.rehydrationId as number;
  });
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
  'GET /api/:projectId/watchdogs': { statuses: REPLAY, fixture: (w) => ({ url: `/api/${w.projectId}/watchdogs` }) },
  'GET /api/:projectId/watchdogs/status': { statuses: REPLAY, fixture: (w) => ({ url: `/api/${w.projectId}/watchdogs/status` }) },
  // Rules shape what every member sees in the project: admins change them.
  'POST /api/:projectId/watchdogs': {
    statuses: AUTHZ.ADMIN_OWNED,
    fixture: (w) => ({ url: `/api/${w.projectId}/watchdogs`, body: { name: `Slow pages ${w.unique()}`, ruleId: 'page_load_time', ruleConfig: { value: 3000 } } }),
  },
  'POST /api/:projectId/watchdogs/:watchdogId': { statuses: AUTHZ.ADMIN_OWNED, fixture: async (w) => ({ url: `/api/${w.projectId}/watchdogs/${await watchdogOf(w)}`, body: { enabled: false } }) },
  'DELETE /api/:projectId/watchdogs/:watchdogId': { statuses: AUTHZ.ADMIN_OWNED, fixture: async (w) => ({ url: `/api/${w.projectId}/watchdogs/${await watchdogOf(w)}` }) },
  'GET /api/:projectId/rehydrations': { statuses: REPLAY, fixture: (w) => ({ url: `/api/${w.projectId}/rehydrations` }) },
  'GET /api/:projectId/rehydrations/:rehydrationId': { statuses: REPLAY, fixture: async (w) => ({ url: `/api/${w.projectId}/rehydrations/${await rehydrationOf(w)}` }) },
  // Re-processing costs the server: admins start it.
  'POST /api/:projectId/rehydrations': {
    statuses: AUTHZ.ADMIN_OWNED,
    fixture: (w) => ({ url: `/api/${w.projectId}/rehydrations`, body: { name: `Rehydrate ${w.unique()}`, startTs: Date.now() - 86_400_000, endTs: Date.now() } }),
  },
  'POST /api/:projectId/heatmaps/url': { statuses: REPLAY, fixture: (w) => ({ url: `/api/${w.projectId}/heatmaps/url`, body: { url: 'https://shop.example.test/checkout' } }) },
  'GET /api/:projectId/targets_temp': { statuses: REPLAY, fixture: (w) => ({ url: `/api/${w.projectId}/targets_temp?url=${encodeURIComponent('https://shop.example.test/checkout')}` }) },
  'POST /api/:projectId/targets_temp': {
    statuses: REPLAY,
    fixture: (w) => ({ url: `/api/${w.projectId}/targets_temp`, body: { label: `Pay ${w.unique()}`, path: `#pay-${w.unique()}`, location: 'https://shop.example.test/checkout' } }),
  },
  'GET /api/:projectId/events/search': { statuses: REPLAY, fixture: (w) => ({ url: `/api/${w.projectId}/events/search?type=CLICK&q=a` }) },
  // Console text is Developer Tools data: the holding member has DEV_TOOLS too (the sessions plugin's route tests cover a replay-only member).
  'GET /api/:projectId/events/values': { statuses: REPLAY, fixture: (w) => ({ url: `/api/${w.projectId}/events/values?type=CONSOLE&q=a` }) },
  'GET /api/:projectId/events/selectors': { statuses: REPLAY, fixture: (w) => ({ url: `/api/${w.projectId}/events/selectors?q=a` }) },
  'GET /api/:projectId/sessions/filters': { statuses: REPLAY, fixture: (w) => ({ url: `/api/${w.projectId}/sessions/filters` }) },
  'GET /api/:projectId/sessions/filters/search': { statuses: REPLAY, fixture: (w) => ({ url: `/api/${w.projectId}/sessions/filters/search?type=USEROS&q=a` }) },
});
