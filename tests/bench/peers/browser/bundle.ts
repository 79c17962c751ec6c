import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureTrackerBuilt } from '../../../../scripts/setup.mjs';
import { VARIANTS, type VariantId } from './variants.js';

const HERE = import.meta.dirname;
const REPO_ROOT = join(HERE, '..', '..', '..', '..');

/** One recorder's entry bundled for a script tag: minified, one file, the same way for every peer. */
async function bundleEntry(entry: string): Promise<Buffer> {
  const result = await build({
    entryPoints: [join(HERE, 'entries', entry)],
    bundle: true,
    minify: true,
    format: 'iife',
    platform: 'browser',
    target: ['es2020'],
    write: false,
    legalComments: 'none',
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  const output = result.outputFiles[0];
  if (!output) throw new Error(`esbuild wrote nothing for ${entry}`);
  return Buffer.from(output.contents);
}

/** Every variant's script, keyed by variant id (ours is the tracker's own script-tag build). */
export async function buildRecorderBundles(): Promise<Map<VariantId, Buffer>> {
  ensureTrackerBuilt();
  const bundles = new Map<VariantId, Buffer>();
  bundles.set('cassette', readFileSync(join(REPO_ROOT, 'sdk', 'tracker', 'dist', 'tracker.js')));
  const earlier = process.env.BENCH_CASSETTE_BEFORE;
  if (earlier) bundles.set('cassette-before', readFileSync(earlier));
  for (const variant of VARIANTS) {
    if (variant.entry) bundles.set(variant.id, await bundleEntry(variant.entry));
  }
  return bundles;
}
