import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * How each test file shares its worker.
 *
 * Most files run in one shared module graph per worker: the kernel, Fastify, MikroORM and
 * PGlite are imported once per worker instead of once per file, which halves the suite's time.
 * DOM files (`@vitest-environment happy-dom`) share the same way, in a worker of their own
 * whose one window they all render into (React, the UI kit and Highcharts are imported once;
 * each file unmounts what it rendered). A file keeps a fresh module graph of its own when it
 * replaces a module (`vi.mock`: the replacement would leak into the files run after it, or come
 * too late for a module another file already loaded) or asks for its own environment options.
 *
 * Files that drive a real Chromium (marked `@test-group chromium` in a comment) never run side
 * by side (one-browser-at-a-time.setup.ts): two browsers on a small machine starve each other and
 * make timing-sensitive browser tests flaky.
 */
export interface TestFileGroups {
  /** DOM files that share one window and module graph per worker. */
  dom: string[];
  /** Files that need a fresh module graph (and environment) each. */
  isolated: string[];
  /** Files that drive Chromium: one at a time. */
  chromium: string[];
}

const ENVIRONMENT = /@vitest-environment\s+(\S+)/;
const NEEDS_OWN_GRAPH = /@vitest-environment-options|\bvi\.mock\(/;
const DRIVES_CHROMIUM = /@test-group\s+chromium\b/;
const TEST_FILE = /\.test\.tsx?$/;
const SKIPPED_DIRS = new Set(['node_modules', '.git', '.tmp', 'dist', 'fixtures']);

export function groupTestFiles(root: string, dirs: readonly string[]): TestFileGroups {
  const groups: TestFileGroups = { dom: [], isolated: [], chromium: [] };
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(join(dir, entry.name));
      } else if (TEST_FILE.test(entry.name)) {
        const path = join(dir, entry.name);
        const text = readFileSync(path, 'utf8');
        const environment = ENVIRONMENT.exec(text)?.[1];
        // Another environment than the shared DOM workers' one needs its own, so its own graph.
        if (DRIVES_CHROMIUM.test(text)) groups.chromium.push(relative(root, path));
        else if (NEEDS_OWN_GRAPH.test(text) || (environment !== undefined && environment !== 'happy-dom')) groups.isolated.push(relative(root, path));
        else if (environment === 'happy-dom') groups.dom.push(relative(root, path));
      }
    }
  };
  for (const dir of dirs) walk(join(root, dir));
  groups.dom.sort();
  groups.isolated.sort();
  groups.chromium.sort();
  return groups;
}
