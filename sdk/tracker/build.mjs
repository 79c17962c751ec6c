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

/**
 * `@rrweb/record` ships as one module, and `record()` reaches its canvas recorder (2D and
 * WebGL patching, an inline worker), image inlining, font observer, cross-origin iframe relay
 * and hook wrappers whatever the options, so no import path leaves them out. The tracker
 * starts rrweb with all of these off (`src/dom-recording.ts`), and then rrweb's own code for them
 * does nothing (its canvas manager only flips flags), so these edits cut them from the bundle
 * without changing what is recorded. `record()` refuses those options, so turning one on
 * later fails loudly instead of silently recording less. Each edit must match exactly once:
 * an rrweb upgrade that moves this code fails the build instead of shipping it unedited.
 */
const RRWEB_EDITS = [
  {
    what: 'option check',
    from: 'function record(options = {}) {\n',
    replacement:
      'function record(options = {}) {\n' +
      '  for (const name of ["recordCanvas", "inlineImages", "collectFonts", "recordCrossOriginIframes", "plugins", "hooks"])\n' +
      '    if (options[name]) throw new Error(`rrweb option ${name} is not part of this build`);\n',
  },
  {
    what: 'canvas recorder',
    from: 'var chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";\n',
    to: 'class StylesheetManager {',
    replacement: 'class CanvasManager {\n  reset() {}\n  freeze() {}\n  unfreeze() {}\n  lock() {}\n  unlock() {}\n}\n',
  },
  {
    // rrdom's virtual node, only ever met when replaying: rrweb's `instanceof` checks stay,
    // and stay false, with an empty class.
    what: 'rrdom node',
    from: 'class BaseRRNode {\n',
    to: 'function on(type, fn, target = document) {',
    replacement: 'class BaseRRNode {\n}\n',
  },
  {
    // A deprecated `mirror` export that warns on use; this module never exports it.
    what: 'deprecated mirror',
    from: 'const DEPARTED_MIRROR_ACCESS_WARNING = ',
    to: 'function throttle(func, wait, options = {}) {',
    replacement: '',
  },
  {
    // Relaying events from cross-origin iframes (`recordCrossOriginIframes`): only reached
    // through the message listener that option installs.
    what: 'cross-origin iframe relay',
    from: '  handleMessage(message) {\n',
    to: 'class ShadowDomManager {',
    replacement: '}\n',
  },
  {
    // Its id maps serve only that relay (and plugins, which the tracker does not use).
    what: 'cross-origin iframe mirror',
    from: 'class CrossOriginIframeMirror {\n',
    to: 'class IframeManager {',
    replacement: 'class CrossOriginIframeMirror {\n}\n',
  },
  // Hooks (the `hooks` option) wrap every observer callback; without hooks the wrappers only pass through.
  { what: 'observer hooks', from: '  mergeHooks(o, hooks);\n', replacement: '' },
  { what: 'canvas snapshot', from: '  if (tagName === "canvas" && recordCanvas) {\n', replacement: '  if (false) {\n' },
  { what: 'image inlining', from: '  if (tagName === "img" && inlineImages) {\n', replacement: '  if (false) {\n' },
  {
    what: 'font observer',
    from: '    if (o.collectFonts) {\n      fontObserver = initFontObserver(o);\n    }\n',
    replacement: '',
  },
];

function once(code, needle, what, from = 0) {
  const at = code.indexOf(needle, from);
  if (at < 0 || code.indexOf(needle, at + 1) >= 0) {
    throw new Error(`@rrweb/record changed: cannot cut the ${what} (${JSON.stringify(needle.slice(0, 40))} must occur once)`);
  }
  return at;
}

export function pruneRrweb(code) {
  for (const edit of RRWEB_EDITS) {
    const start = once(code, edit.from, edit.what);
    // With `to`, the cut runs up to (not including) that marker; otherwise it is `from` itself.
    const end = edit.to ? once(code, edit.to, edit.what, start) : start + edit.from.length;
    code = code.slice(0, start) + edit.replacement + code.slice(end);
  }
  return code;
}

const rrwebPrune = {
  name: 'rrweb-prune',
  setup(build) {
    build.onLoad({ filter: /[\\/]@rrweb[\\/]record[\\/]dist[\\/]record\.js$/ }, (args) => ({
      contents: pruneRrweb(readFileSync(args.path, 'utf8')),
      loader: 'js',
    }));
  },
};

/** Builds into `outDir` (default `dist/`); returns the sizes of both bundles. */
export async function buildTracker({ outDir = join(HERE, 'dist'), declarations = true, quiet = false } = {}) {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const common = { bundle: true, target: TARGET, legalComments: 'none', logLevel: 'warning', absWorkingDir: HERE, plugins: [rrwebPrune] };
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
    // Cassette Assist's live channel: fetched by the tracker only while an agent watches.
    esbuild({
      ...common,
      entryPoints: [join(HERE, 'src', 'assist', 'assist-script.ts')],
      outfile: join(outDir, 'assist.js'),
      format: 'iife',
      platform: 'browser',
      minify: true,
    }),
  ]);
  if (declarations) emitDeclarations(outDir);
  const sizes = { 'index.js': sizesOf(join(outDir, 'index.js')), 'tracker.js': sizesOf(join(outDir, 'tracker.js')), 'assist.js': sizesOf(join(outDir, 'assist.js')) };
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
