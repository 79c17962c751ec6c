import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Which test files need a fresh module graph of their own.
 *
 * Most files run in one shared module graph per worker: the kernel, Fastify, MikroORM and
 * PGlite are imported once per worker instead of once per file, which halves the suite's time.
 * Two kinds of file cannot share it:
 *  - a DOM file (`@vitest-environment`): libraries such as Highcharts bind to the `window` they
 *    were first imported under, and every file gets a new one;
 *  - a file that replaces a module (`vi.mock`): the replacement would leak into the files run
 *    after it in the same worker, or come too late for a module another file already loaded.
 */
const NEEDS_OWN_GRAPH = /@vitest-environment|\bvi\.mock\(/;
const TEST_FILE = /\.test\.tsx?$/;
const SKIPPED_DIRS = new Set(['node_modules', '.git', '.tmp', 'dist', 'fixtures']);

export function filesNeedingIsolation(root: string, dirs: readonly string[]): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(join(dir, entry.name));
      } else if (TEST_FILE.test(entry.name)) {
        const path = join(dir, entry.name);
        if (NEEDS_OWN_GRAPH.test(readFileSync(path, 'utf8'))) found.push(relative(root, path));
      }
    }
  };
  for (const dir of dirs) walk(join(root, dir));
  return found.sort();
}
