import { coreServices, sql } from '@cassette/plugin-sdk/server';
import type { AuthzWorld } from '@cassette/plugin-sdk/testing';

/**
 * An asset tenant A's first project holds a copy of (made once per run), its URL. Written as the
 * background fetch leaves it: the authorization matrix's kernel has no asset host to fetch from.
 */
export function storedAsset(w: AuthzWorld): Promise<string> {
  return w.once('assets.stored', async () => {
    const url = 'https://cdn.example.test/logo.png';
    const key = `assets/${w.projectId}/authz-logo`;
    await w.t.kernel.resolve(coreServices.blobs).put(key, new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { contentType: 'image/png' });
    await w.t.kernel.resolve(coreServices.database).sql(sql`insert into assets_assets (project_id, url, url_hash, state, content_type, bytes, blob_key, fetched_at)
       values (${w.projectId}, ${url}, encode(sha256(convert_to(${url}, 'UTF8')), 'hex'), 'stored', 'image/png', 4, ${key}, now())`);
    return url;
  });
}
