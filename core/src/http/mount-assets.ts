import type { FastifyInstance } from 'fastify';
import type { AnyAssetDef } from '@cassette/plugin-sdk/server';
import { BootError } from '../boot-error.js';

/** Mounts plugins' public files (tracker script, demo pages) at their exact paths; `services` are the plugin's resolved `deps`. */
export function mountAssets(app: FastifyInstance, plugin: string, assets: AnyAssetDef[], owners: Map<string, string>, services: object = {}): void {
  for (const asset of assets) {
    const key = `GET ${asset.url}`;
    const owner = owners.get(key);
    if (owner) throw new BootError(`Plugin "${plugin}" declares asset ${asset.url}, which "${owner}" already serves`);
    owners.set(key, plugin);
    app.get(asset.url, { schema: { hide: true } }, async (request, reply) => {
      const body = await asset.load(request, services as never);
      void reply.type(asset.contentType);
      void reply.header('Cache-Control', asset.cacheSeconds ? `public, max-age=${asset.cacheSeconds}` : 'no-cache');
      if (asset.cors === 'anyOrigin') {
        void reply.header('Access-Control-Allow-Origin', '*');
        // Lets a site load the script with `crossorigin` and still see its errors' stacks.
        void reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
      }
      return reply.send(typeof body === 'string' ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength));
    });
  }
}
