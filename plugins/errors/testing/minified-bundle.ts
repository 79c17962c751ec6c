// A real minified bundle and its source map, built with esbuild from a small shop app, and
// the stack it throws when run under a site URL (as a browser would report it).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { buildSync } from 'esbuild';

export const CART_SOURCE = `export interface Cart { items: string[] }

export function parseCart(raw: string): Cart {
  const value = Number(raw);
  if (value > 2) {
    throw new TypeError(\`Cart total \${value} is too large\`);
  }
  return { items: [raw] };
}
`;

export const APP_SOURCE = `import { parseCart } from './cart';

export function checkout(total: number) {
  const cart = parseCart(String(total));
  return cart.items.length;
}

(globalThis as any).run = () => checkout(3);
`;

/** Where the throw is in cart.ts (1-based), and the caller's line in app.ts. */
export const THROW_LINE = 6;
export const CALL_LINE = 4;

export interface MinifiedBundle {
  js: string;
  map: string;
  /** The stack of the TypeError the bundle throws when `run()` is called. */
  stack: string;
}

/** Builds `assets/app.min.js` and its map; `scriptUrl` is where the site serves the script. */
export function buildMinifiedBundle(scriptUrl: string, options: { banner?: string } = {}): MinifiedBundle {
  const root = mkdtempSync(join(tmpdir(), 'cassette-bundle-'));
  try {
    mkdirSync(join(root, 'src'));
    writeFileSync(join(root, 'src', 'cart.ts'), CART_SOURCE);
    writeFileSync(join(root, 'src', 'app.ts'), APP_SOURCE);
    const outfile = join(root, 'dist', 'assets', 'app.min.js');
    buildSync({ entryPoints: [join(root, 'src', 'app.ts')], bundle: true, minify: true, sourcemap: 'external', format: 'iife', outfile, logLevel: 'silent', ...(options.banner ? { banner: { js: options.banner } } : {}) });
    const js = readFileSync(outfile, 'utf8');
    const map = readFileSync(`${outfile}.map`, 'utf8');
    const sandbox: { run?: () => unknown } = {};
    runInNewContext(js, Object.assign(sandbox, { globalThis: sandbox, Number, String, TypeError }), { filename: scriptUrl });
    let stack = '';
    try {
      sandbox.run!();
    } catch (error) {
      stack = (error as Error).stack ?? '';
    }
    // Only the bundle's frames: the test runner's own frames below them are not the site's.
    const lines = stack.split('\n');
    return { js, map, stack: [lines[0], ...lines.slice(1).filter((line) => line.includes(scriptUrl))].join('\n') };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
