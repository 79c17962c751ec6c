import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { defineAsset, serviceUnavailable } from '@cassette/plugin-sdk/server';

/** The path every build pipeline downloads the source-map CLI from. */
export const CLI_SCRIPT_URL = '/cli/cassette.mjs';

/** The standalone build of `@cassette/cli` (it exists once `packages/cli/build.mjs` ran, as `npm start` does). */
function cliBundlePath(): string {
  return createRequire(import.meta.url).resolve('@cassette/cli/dist/cassette.mjs');
}

/**
 * `GET /cli/cassette.mjs`: the `cassette` CLI as one file with no dependencies, so a build
 * pipeline anywhere needs only Node and this server: `curl -fsSLO https://HOST/cli/cassette.mjs`
 * then `node cassette.mjs sourcemaps upload ...`. Read on each request (it is small), so a
 * rebuild shows without a restart.
 */
export const cliScriptAsset = defineAsset({
  url: CLI_SCRIPT_URL,
  contentType: 'text/javascript; charset=utf-8',
  cacheSeconds: 300,
  load: async () => {
    try {
      return await readFile(cliBundlePath());
    } catch {
      throw serviceUnavailable('The cassette CLI is not built yet: run `node packages/cli/build.mjs` on the server (npm start does), then try again.', 60);
    }
  },
});
