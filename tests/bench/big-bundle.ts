// A big minified bundle with its source map, built with esbuild from generated TypeScript
// modules, and the real stacks it throws when run under the site's script URL.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createContext, runInContext } from 'node:vm';

/** The part of esbuild's API used here (esbuild comes with the errors plugin's dev dependencies). */
interface Esbuild {
  buildSync(options: {
    entryPoints: string[];
    bundle: true;
    minify: true;
    sourcemap: 'linked';
    sourcesContent: true;
    format: 'iife';
    outfile: string;
    logLevel: 'silent';
  }): unknown;
}

const REPO_ROOT = join(import.meta.dirname, '..', '..');
const esbuild = createRequire(join(REPO_ROOT, 'plugins', 'errors', 'package.json'))('esbuild') as Esbuild;

/** Where the bundle lies in the build folder, and so its `file` for the upload. */
export const BUNDLE_SCRIPT = 'assets/app.min.js';
/** Every module's `step` throws here when the chain ends: a property read of a missing entry. */
export const THROWN_MESSAGE = "Cannot read properties of undefined (reading 'price')";

export interface BigBundleOptions {
  /** Generated modules; each has one link of the call chain and `functionsPerModule` helpers. */
  modules: number;
  functionsPerModule: number;
  /** Where the site serves the bundle: stacks name this URL. */
  scriptUrl: string;
}

export interface BigBundle {
  /** The build folder (`assets/app.min.js` and its `.map` in it). */
  dist: string;
  js: string;
  map: Buffer;
  sources: number;
  sourceBytes: number;
  buildMs: number;
  /**
   * The V8 stack of the TypeError thrown at the end of a call chain through `frames` modules,
   * starting at module `start` (the chain wraps around): only the bundle's frames.
   */
  stack(start: number, frames: number): string;
  dispose(): void;
}

/** A small seeded generator, so the same options give the same modules. */
function seeded(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

const NOUNS = ['cart', 'order', 'price', 'coupon', 'shipping', 'address', 'review', 'variant', 'stock', 'payment', 'invoice', 'wishlist', 'banner', 'filter', 'locale'];
const VERBS = ['compute', 'format', 'validate', 'merge', 'select', 'render', 'apply', 'estimate', 'normalize', 'collect', 'summarize', 'rank'];
const id = (n: number) => String(n).padStart(5, '0');

/** A helper of realistic shape: a loop, a branch, a template string, an object literal. */
function helperSource(m: number, f: number, random: () => number): string {
  const noun = NOUNS[Math.floor(random() * NOUNS.length)]!;
  const verb = VERBS[Math.floor(random() * VERBS.length)]!;
  const name = `${verb}${noun[0]!.toUpperCase()}${noun.slice(1)}${f}`;
  const limit = 2 + Math.floor(random() * 9);
  const rate = (random() * 0.3).toFixed(3);
  return `
/** ${verb}s the ${noun} lines of an order (helper ${f} of module ${m}). */
export function ${name}(order: Order, region: string): ${noun[0]!.toUpperCase()}${noun.slice(1)}Summary {
  const lines = order.items.filter((item) => item.quantity > 0 && item.region !== 'blocked');
  let total = 0;
  for (const line of lines.slice(0, ${limit})) {
    const discounted = line.price * (1 - ${rate}) * line.quantity;
    total += region === 'eu' ? discounted * 1.2 : discounted;
  }
  if (total > ${100 + Math.floor(random() * 900)}) {
    return { label: \`${noun} \${order.id}: \${total.toFixed(2)} (\${lines.length} lines)\`, total, flagged: true, region };
  }
  const names = lines.map((line) => line.name.trim().toLowerCase()).sort();
  return { label: names.join(', ') || 'empty ${noun}', total: Math.round(total * 100) / 100, flagged: false, region };
}
`;
}

function moduleSource(m: number, modules: number, functions: number, random: () => number): string {
  const next = (m + 1) % modules;
  const helpers = Array.from({ length: functions }, (_, f) => helperSource(m, f, random));
  const helperNames = helpers.map((h) => /export function (\w+)/.exec(h)![1]);
  const summaryTypes = [...new Set(helpers.map((h) => /\): (\w+Summary) \{/.exec(h)![1]!))];
  return `import type { Order } from '../types';
import { step as nextStep } from './m${id(next)}';
${summaryTypes.map((t) => `import type { ${t} } from '../types';`).join('\n')}

const WEIGHT = ${(1 + random() * 4).toFixed(2)};
${helpers.join('')}
/** One link of the checkout chain: passes the order on, and reads the lookup at its end. */
export function step(depth: number, order: Order): number {
  const factor = order.items.length * WEIGHT + ${m % 97};
  if (depth <= 0) {
    const entry = order.lookup['m${id(m)}'];
    return entry.price * factor;
  }
  return nextStep(depth - 1, order) + factor;
}

export const helpers = [${helperNames.join(', ')}];
`;
}

function typesSource(): string {
  const summaries = NOUNS.map((n) => `export interface ${n[0]!.toUpperCase()}${n.slice(1)}Summary { label: string; total: number; flagged: boolean; region: string }`);
  return `export interface Line { name: string; price: number; quantity: number; region: string }
export interface Order { id: string; items: Line[]; lookup: Record<string, { price: number } | undefined> }
${summaries.join('\n')}
`;
}

function entrySource(modules: number): string {
  const imports = Array.from({ length: modules }, (_, m) => `import { step as s${m}, helpers as h${m} } from './modules/m${id(m)}';`);
  return `${imports.join('\n')}
import type { Order } from './types';

const steps = [${Array.from({ length: modules }, (_, m) => `s${m}`).join(', ')}];
const helpers = [${Array.from({ length: modules }, (_, m) => `h${m}`).join(', ')}];

/** Runs the chain from module \`start\` through \`depth + 1\` modules. */
function runChain(start: number, depth: number): number {
  const order: Order = { id: 'A-1', items: [{ name: 'Shoe', price: 80, quantity: 1, region: 'eu' }], lookup: {} };
  return steps[start % steps.length]!(depth, order);
}

(globalThis as any).shop = { runChain, helpers };
`;
}

/** Writes the modules, builds the bundle and its map (minified, sources inlined), and loads the bundle to throw from. */
export function buildBigBundle(options: BigBundleOptions): BigBundle {
  if (!Number.isSafeInteger(options.modules) || options.modules < 2) throw new Error(`modules must be at least 2, not ${options.modules}`);
  if (!Number.isSafeInteger(options.functionsPerModule) || options.functionsPerModule < 1) throw new Error(`functionsPerModule must be at least 1, not ${options.functionsPerModule}`);
  const root = mkdtempSync(join(tmpdir(), 'cassette-big-bundle-'));
  try {
    const random = seeded(options.modules * 31 + options.functionsPerModule);
    mkdirSync(join(root, 'src', 'modules'), { recursive: true });
    let sourceBytes = 0;
    const write = (path: string, text: string) => {
      writeFileSync(join(root, 'src', path), text);
      sourceBytes += Buffer.byteLength(text);
    };
    write('types.ts', typesSource());
    write('entry.ts', entrySource(options.modules));
    for (let m = 0; m < options.modules; m++) write(join('modules', `m${id(m)}.ts`), moduleSource(m, options.modules, options.functionsPerModule, random));

    const dist = join(root, 'dist');
    const outfile = join(dist, ...BUNDLE_SCRIPT.split('/'));
    const started = performance.now();
    esbuild.buildSync({ entryPoints: [join(root, 'src', 'entry.ts')], bundle: true, minify: true, sourcemap: 'linked', sourcesContent: true, format: 'iife', outfile, logLevel: 'silent' });
    const buildMs = performance.now() - started;
    const js = readFileSync(outfile, 'utf8');
    const map = readFileSync(`${outfile}.map`);
    const sources = (JSON.parse(map.toString('utf8')) as { sources: string[] }).sources.length;

    // The bundle runs in a context of its own, as in a page; long stacks need a higher limit than V8's 10 frames.
    const context = createContext({});
    runInContext('Error.stackTraceLimit = 200; globalThis.globalThis = globalThis;', context);
    runInContext(js, context, { filename: options.scriptUrl });
    const shop = (context as { shop: { runChain(start: number, depth: number): number } }).shop;

    return {
      dist,
      js,
      map,
      sources,
      sourceBytes,
      buildMs,
      stack(start, frames) {
        if (frames < 2) throw new Error('a chain has at least 2 frames (the entry and one module)');
        let stack = '';
        try {
          // The entry's frame counts: `frames - 1` modules, the last of which throws.
          shop.runChain(start, frames - 2);
        } catch (error) {
          stack = String((error as Error).stack ?? '');
        }
        if (!stack) throw new Error('the chain did not throw');
        const lines = stack.split('\n');
        return [lines[0], ...lines.slice(1).filter((line) => line.includes(options.scriptUrl))].join('\n');
      },
      dispose: () => rmSync(root, { recursive: true, force: true }),
    };
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
}
