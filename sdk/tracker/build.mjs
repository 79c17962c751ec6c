// Builds the tracker: `dist/index.js` (ESM, for bundlers), `dist/tracker.js` (script tag,
// global `CassetteTracker`) and `dist/index.d.ts`. Prints the sizes the README budgets.
import { build as esbuild } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const HERE = dirname(fileURLToPath(import.meta.url));
const TARGET = ['es2020'];

export function sizesOf(file) {
  const raw = readFileSync(file);
  return {
    raw: raw.length,
    gzip: gzipSync(raw, { level: 9 }).length,
    brotli: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

function emitDeclarations(outDir) {
  const require = createRequire(join(HERE, '..', '..', 'package.json'));
  const tsc = require.resolve('typescript/bin/tsc');
  const typesDir = join(outDir, 'types');
  const result = spawnSync(process.execPath, [tsc, '-p', join(HERE, 'tsconfig.build.json'), '--outDir', typesDir], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('declaration build failed');
  const rel = './' + relative(outDir, join(typesDir, 'index')).replace(/\\/g, '/');
  writeFileSync(join(outDir, 'index.d.ts'), `export * from '${rel}';\nexport { default } from '${rel}';\n`);
}

/** Builds into `outDir` (default `dist/`); returns the sizes of both bundles. */
export async function buildTracker({ outDir = join(HERE, 'dist'), declarations = true, quiet = false } = {}) {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const common = { bundle: true, target: TARGET, legalComments: 'none', logLevel: 'warning', absWorkingDir: HERE };
  await Promise.all([
    esbuild({
      ...common,
      entryPoints: [join(HERE, 'src', 'index.ts')],
      outfile: join(outDir, 'index.js'),
      format: 'esm',
      platform: 'neutral',
      // Whitespace and syntax only: names stay readable in the site's own stack traces.
      minifyWhitespace: true,
      minifySyntax: true,
      sourcemap: true,
    }),
    esbuild({
      ...common,
      entryPoints: [join(HERE, 'src', 'script.ts')],
      outfile: join(outDir, 'tracker.js'),
      format: 'iife',
      platform: 'browser',
      minify: true,
    }),
  ]);
  if (declarations) emitDeclarations(outDir);
  const sizes = { 'index.js': sizesOf(join(outDir, 'index.js')), 'tracker.js': sizesOf(join(outDir, 'tracker.js')) };
  if (!quiet) {
    const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
    for (const [name, s] of Object.entries(sizes)) {
      process.stdout.write(`${name.padEnd(11)} raw ${kb(s.raw).padStart(9)}   gzip ${kb(s.gzip).padStart(8)}   brotli ${kb(s.brotli).padStart(8)}\n`);
    }
  }
  return sizes;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  buildTracker().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
