import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineAsset, serviceUnavailable } from '@cassette/plugin-sdk/server';

/** dist/assist.js of the @cassette/tracker package (built with the tracker). */
function assistScriptPath(): string {
  const manifest = createRequire(import.meta.url).resolve('@cassette/tracker/package.json');
  return join(dirname(manifest), 'dist', 'assist.js');
}

let cached: Promise<Uint8Array> | null = null;

/**
 * `GET /tracker-assist.js`: the live channel's code, which the tracker fetches from its ingest
 * point only while an agent watches its session (so nobody else's page carries it).
 */
export const assistScriptAsset = defineAsset({
  url: '/tracker-assist.js',
  contentType: 'application/javascript; charset=utf-8',
  cors: 'anyOrigin',
  cacheSeconds: 300,
  load: async () => {
    cached ??= readFile(assistScriptPath()).catch((err: unknown) => {
      cached = null;
      throw err;
    });
    try {
      return await cached;
    } catch {
      throw serviceUnavailable('The assist script is not built yet: run `npm run build:tracker` on the server, then reload.', 60);
    }
  },
});
