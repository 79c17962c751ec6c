import { coreServices, sql } from '@cassette/plugin-sdk/server';
import { AUTHZ, defineAuthzRows, type AuthzWorld } from '@cassette/plugin-sdk/testing';
import { assetProxyPath } from '@cassette/recording-safety';

/**
 * An asset tenant A's first project holds a copy of (made once per run). Written as the
 * background fetch leaves it: the matrix's kernel has no asset host to fetch from.
 */
function storedAsset(w: AuthzWorld): Promise<string> {
  return w.once('assets.stored', async () => {
    const url = 'https://cdn.example.test/logo.png';
    const key = `assets/${w.projectId}/authz-logo`;
    await w.t.kernel.resolve(coreServices.blobs).put(key, new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { contentType: 'image/png' });
    await w.t.kernel.resolve(coreServices.database).sql(sql`insert into assets_assets (project_id, url, url_hash, state, content_type, bytes, blob_key, fetched_at)
       values (${w.projectId}, ${url}, encode(sha256(convert_to(${url}, 'UTF8')), 'hex'), 'stored', 'image/png', 4, ${key}, now())`);
    return url;
  });
}

export const authzRows = defineAuthzRows({
  // A member of another organization gets 404 from the project check, never the copy.
  'GET /api/:projectId/assets': { statuses: AUTHZ.PERMISSION, fixture: async (w) => ({ url: assetProxyPath(w.projectId, await storedAsset(w)) }) },
  // Asset tokens stand for the login that asked for them: tampered, expired, other-project and lost-permission cases are in server/asset.route.test.ts.
  'GET /api/:projectId/assets/token': { statuses: AUTHZ.PERMISSION, fixture: (w) => ({ url: `/api/${w.projectId}/assets/token` }) },
});
