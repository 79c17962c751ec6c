import { build } from 'esbuild';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { addSizes, measureBytes, NO_BYTES, type ByteSizes } from './byte-sizes.js';
import { splitOutputs } from './bundle-split.js';

/** A recorder as a site would ship it: what the page downloads at start, and what only later. */
export interface BundleWeight {
  atStart: ByteSizes;
  later: ByteSizes;
  /** Absolute paths. */
  files: { file: string; lazy: boolean; sizes: ByteSizes }[];
}

function weigh(files: BundleWeight['files']): BundleWeight {
  const total = (lazy: boolean) => files.filter((f) => f.lazy === lazy).reduce((sum, f) => addSizes(sum, f.sizes), NO_BYTES);
  return { atStart: total(false), later: total(true), files };
}

/**
 * The one way every recorder is bundled: a production build of an ES module entry for the
 * browser, minified and tree-shaken, with code splitting on so that any `import()` a recorder
 * makes stays a separate, later download, as it would on a real site.
 */
export async function bundleEntry(entry: string, outDir: string): Promise<BundleWeight> {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const result = await build({
    entryPoints: [entry],
    outdir: outDir,
    // The metafile's paths are relative to this.
    absWorkingDir: outDir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    treeShaking: true,
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': '"production"' },
    metafile: true,
    logLevel: 'error',
  });
  const split = splitOutputs(result.metafile.outputs, relative(outDir, entry).split('\\').join('/'));
  const measure = (output: string, lazy: boolean) => {
    const file = resolve(outDir, output);
    return { file, lazy, sizes: measureBytes(readFileSync(file)) };
  };
  return weigh([...split.eager.map((file) => measure(file, false)), ...split.lazy.map((file) => measure(file, true))]);
}

/** A script measured exactly as it ships (already minified by its own build). */
export function shippedFile(file: string, lazy = false): BundleWeight {
  return weigh([{ file, lazy, sizes: measureBytes(readFileSync(file)) }]);
}
