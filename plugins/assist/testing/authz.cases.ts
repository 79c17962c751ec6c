import { AUTHZ, defineAuthzRows, type AuthzWorld } from '@cassette/plugin-sdk/testing';
import { eventually, recordThroughTracker, trackerStartBody } from '@cassette/plugin-ingest/testing';
import { assetsServices } from '@cassette/plugin-assets/api';
import { storedAsset } from '@cassette/plugin-assets/testing';
import { assetProxyPath } from '@cassette/recording-safety';

/** A session of tenant A whose tab is open (it sent a batch just now), once listed live. */
function liveSession(w: AuthzWorld): Promise<string> {
  return w.once('assist.live', async () => {
    const sessionId = await recordThroughTracker(w);
    return eventually('the live session', async () => {
      const res = await w.t.request('GET', `/api/${w.projectId}/assist/sessions/${sessionId}`, { token: w.adminToken });
      return res.status === 200 ? sessionId : undefined;
    });
  });
}

/**
 * A live session of its own (made when the asset rows run, so it is still live then) whose stream
 * showed an asset the project holds a copy of, as the relay registers it.
 */
function liveSessionShowingAsset(w: AuthzWorld): Promise<{ sessionId: string; url: string }> {
  return w.once('assist.liveAsset', async () => {
    const sessionId = await recordThroughTracker(w);
    await eventually('the live session', async () => ((await w.t.request('GET', `/api/${w.projectId}/assist/sessions/${sessionId}`, { token: w.adminToken })).status === 200 ? true : undefined));
    const url = await storedAsset(w);
    await w.t.kernel.resolve(assetsServices.liveReferences).register(w.projectId, sessionId, [url]);
    return { sessionId, url };
  });
}

/** A tracker's session token (the visitor socket's credential). */
function sessionToken(w: AuthzWorld): Promise<string> {
  return w.once('assist.token', async () => {
    const started = await w.t.request('POST', '/api/ingest/v1/start', { body: await trackerStartBody(w) });
    return started.body.data.token as string;
  });
}

// The socket routes answer a plain request, once access is checked, with 426 (their WebSocket
// side is covered socket to socket in server/live-relay.test.ts).
export const authzRows = defineAuthzRows({
  'GET /api/:projectId/assist/sessions': { statuses: AUTHZ.PERMISSION, fixture: (w) => ({ url: `/api/${w.projectId}/assist/sessions` }) },
  'GET /api/:projectId/assist/sessions/:sessionId': { statuses: AUTHZ.PERMISSION, fixture: async (w) => ({ url: `/api/${w.projectId}/assist/sessions/${await liveSession(w)}` }) },
  'POST /api/:projectId/assist/sessions/:sessionId/ticket': { statuses: AUTHZ.PERMISSION, fixture: async (w) => ({ url: `/api/${w.projectId}/assist/sessions/${await liveSession(w)}/ticket` }) },
  'GET /api/:projectId/assist/sessions/:sessionId/socket': {
    statuses: [401, 403, 426, 426, 404],
    fixture: async (w) => ({ url: `/api/${w.projectId}/assist/sessions/${await liveSession(w)}/socket` }),
  },
  // The live view's assets: ASSIST_LIVE on the session's route; a live asset token's cases (another session, a recording) are in server/live-assets.test.ts.
  'GET /api/:projectId/assist/sessions/:sessionId/assets/token': {
    statuses: AUTHZ.PERMISSION,
    fixture: async (w) => ({ url: `/api/${w.projectId}/assist/sessions/${(await liveSessionShowingAsset(w)).sessionId}/assets/token` }),
  },
  'GET /api/:projectId/assist/sessions/:sessionId/assets': {
    statuses: AUTHZ.PERMISSION,
    fixture: async (w) => {
      const { sessionId, url } = await liveSessionShowingAsset(w);
      return { url: assetProxyPath(w.projectId, url, null, sessionId) };
    },
  },
  'GET /api/assist/visitor': { statuses: [426, 426, 426, 426, 426], fixture: async (w) => ({ url: `/api/assist/visitor?token=${encodeURIComponent(await sessionToken(w))}` }) },
});
