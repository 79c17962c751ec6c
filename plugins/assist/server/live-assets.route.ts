import { Type } from '@sinclair/typebox';
import { HttpError, notFound } from '@cassette/plugin-sdk/server';
import { assetProxyPath } from '@cassette/recording-safety';
import { route, type AssistDeps } from './deps.js';
import { NOT_LIVE, sessionIdParams } from './live-sessions.route.js';
import { issueLiveAssetToken, LIVE_ASSET_LINK_INVALID, MAX_LIVE_ASSET_TOKEN_LENGTH, verifyLiveAssetToken } from './live-asset-token.js';

/** Longer asset URLs are neither registered nor served (the assets plugin's limit). */
const MAX_ASSET_URL_LENGTH = 4096;

/** A live session's assets are served while it is live only: afterwards it is a recording, whose assets need SESSION_REPLAY. */
async function assertLive(deps: AssistDeps, projectId: number, sessionId: string, viewerId: number): Promise<void> {
  if (await deps.live.get(projectId, sessionId, viewerId)) return;
  throw notFound((await deps.live.known(projectId, sessionId)) ? NOT_LIVE : 'No session with this id in this project');
}

/**
 * `GET /api/{projectId}/assist/sessions/{sessionId}/assets/token`: the token the live view puts in
 * the asset URLs of the visitor's page (`t=`); ASSIST_LIVE, while the session is live.
 */
export const liveAssetTokenRoute = route({
  method: 'GET',
  url: '/assist/sessions/:sessionId/assets/token',
  access: { auth: 'user', project: true, permission: 'ASSIST_LIVE' },
  summary: "A token that opens the assets this live session shows, for the caller's login, for URLs the live view loads without the login header",
  schema: { params: sessionIdParams, response: Type.Object({ token: Type.String(), expiresAt: Type.Number() }) },
  handler: async ({ params, deps, projectId, caller }) => {
    await assertLive(deps, projectId, params.sessionId, caller.userId);
    return issueLiveAssetToken(deps.secrets, caller, projectId, params.sessionId);
  },
});

/**
 * `GET /api/{projectId}/assist/sessions/{sessionId}/assets?url=<absolute URL>[&t=<live asset token>]`:
 * the project's copy of an asset the live session's stream referenced (or a stylesheet it showed
 * did), while the session is live. The relay registers what the stream references as it passes,
 * so an image that appears live is served at once. Any other asset of the project answers 404.
 */
export const liveAssetRoute = route({
  method: 'GET',
  url: '/assist/sessions/:sessionId/assets',
  access: { auth: 'user', project: true, permission: 'ASSIST_LIVE' },
  summary: "The copy of an asset a live session's stream references (images, stylesheets, fonts, media), while it is live; supports Range. Authenticated by the login header or by a live asset token (`t`)",
  schema: {
    params: sessionIdParams,
    querystring: Type.Object({
      url: Type.String({ minLength: 1, maxLength: MAX_ASSET_URL_LENGTH }),
      t: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_LIVE_ASSET_TOKEN_LENGTH })),
    }),
  },
  delegatedLogin: (request, deps) => {
    const token = (request.query as { t?: unknown } | undefined)?.t;
    if (token === undefined) return null;
    const sessionId = (request.params as { sessionId?: unknown } | undefined)?.sessionId;
    if (typeof token !== 'string' || token === '' || typeof sessionId !== 'string') throw new HttpError(401, LIVE_ASSET_LINK_INVALID);
    return verifyLiveAssetToken(deps.secrets, token, sessionId);
  },
  handler: async ({ params, query, deps, projectId, caller, request, reply }) => {
    const { sessionId } = params;
    await assertLive(deps, projectId, sessionId, caller.userId);
    return deps.assets.serve({
      projectId,
      sessionId,
      url: query.url,
      // A sheet's fonts and images are loaded the way the sheet was: this route, this token.
      proxyPath: (url) => assetProxyPath(projectId, url, query.t, sessionId),
      request,
      reply,
    });
  },
});
