import { Type } from '@sinclair/typebox';
import { route } from './deps.js';
import { issueAssetToken } from './asset-token.js';

/**
 * `GET /api/{projectId}/assets/token`: a token the player puts in the replay's asset URLs
 * (`t=`), since the replay iframe's own requests cannot send the login header.
 */
export const assetTokenRoute = route({
  method: 'GET',
  url: '/assets/token',
  access: { auth: 'user', project: true, permission: 'SESSION_REPLAY' },
  summary: "A token that opens this project's asset copies for the caller's login, for URLs the replay loads without the login header",
  schema: { response: Type.Object({ token: Type.String(), expiresAt: Type.Number() }) },
  handler: async ({ deps, caller, projectId }) => issueAssetToken(deps.secrets, caller, projectId),
});
