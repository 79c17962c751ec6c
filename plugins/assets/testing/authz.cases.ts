import { AUTHZ, defineAuthzRows } from '@cassette/plugin-sdk/testing';
import { assetProxyPath } from '@cassette/recording-safety';
import { storedAsset } from './stored-asset.js';

export const authzRows = defineAuthzRows({
  // A member of another organization gets 404 from the project check, never the copy.
  'GET /api/:projectId/assets': { statuses: AUTHZ.PERMISSION, fixture: async (w) => ({ url: assetProxyPath(w.projectId, await storedAsset(w)) }) },
  // Asset tokens stand for the login that asked for them: tampered, expired, other-project and lost-permission cases are in server/asset.route.test.ts.
  'GET /api/:projectId/assets/token': { statuses: AUTHZ.PERMISSION, fixture: (w) => ({ url: `/api/${w.projectId}/assets/token` }) },
});
