// Builds the demo shop's bundle the way a production site would: minified, with a source map
// that is written next to it but not served (upload it with `cassette sourcemaps upload`).
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
export const DEMO_DIST = join(HERE, 'site', 'dist');

export async function buildDemoBundle() {
  rmSync(DEMO_DIST, { recursive: true, force: true });
  await build({
    entryPoints: [join(HERE, 'site-src', 'shop-bundle.ts')],
    outfile: join(DEMO_DIST, 'shop.min.js'),
    bundle: true,
    minify: true,
    sourcemap: true,
    sourcesContent: true,
    // Source paths in the map relative to the site-src folder, as a project's own build would have them.
    sourceRoot: '',
    format: 'iife',
    target: ['es2020'],
    logLevel: 'warning',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildDemoBundle();
