import { Type } from '@sinclair/typebox';
import { HttpError } from '@cassette/plugin-sdk/server';
import { assetProxyPath } from '@cassette/recording-safety';
import { route } from './deps.js';
import { MAX_URL_LENGTH } from './own-origin.js';
import { verifyAssetToken } from './asset-token.js';
import { parseAssetUrl, serveAssetCopy } from './serve-asset.js';

/**
 * `GET /api/{projectId}/assets?url=<absolute URL>[&t=<asset token>]`: the project's copy of a
 * recorded asset (see packages/recording-safety/asset-proxy-url.ts). The replay iframe's
 * requests carry no login header, so they carry the asset token instead (asset-token.ts).
 */
export const assetRoute = route({
  method: 'GET',
  url: '/assets',
  access: { auth: 'user', project: true, permission: 'SESSION_REPLAY' },
  summary: "The project's stored copy of an asset its recordings reference (images, stylesheets, fonts, media); supports Range. Authenticated by the login header or by an asset token (`t`)",
  schema: { querystring: Type.Object({ url: Type.String({ minLength: 1, maxLength: MAX_URL_LENGTH }), t: Type.Optional(Type.String({ minLength: 1, maxLength: 1024 })) }) },
  delegatedLogin: (request, deps) => {
    const token = (request.query as { t?: unknown } | undefined)?.t;
    if (token === undefined) return null;
    if (typeof token !== 'string' || token === '') throw new HttpError(401, 'The asset link is not valid: open the session again.');
    return verifyAssetToken(deps.secrets, token);
  },
  handler: async ({ query, deps, projectId, request, reply }) =>
    serveAssetCopy(deps, projectId, parseAssetUrl(query.url), request, reply, {
      // The sheet's fonts and images are loaded the way the sheet was: with its asset token.
      proxyPath: (url) => assetProxyPath(projectId, url, query.t),
    }),
});
