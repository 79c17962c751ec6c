import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { groupTestFiles } from './tests/setup/test-isolation.js';

// Vitest's default (one worker per core but one) runs a 2-core machine one file at a time,
// leaving a core to the main process, which mostly waits on its worker. Two workers there;
// the default on larger machines.
const WORKERS = Math.max(2, availableParallelism() - 1);

const INCLUDE = ['tests/boundaries/**/*.test.ts', 'tests/authz/**/*.test.ts', 'tests/bad-input/**/*.test.ts', 'tests/pipeline/**/*.test.ts', 'tests/bench/**/*.test.ts', 'tests/setup/**/*.test.ts', 'tests/fidelity/**/*.test.ts', 'scripts/**/*.test.ts', 'core/**/*.test.ts', 'sdk/**/*.test.{ts,tsx}', 'packages/**/*.test.ts', 'plugins/**/*.test.{ts,tsx}', 'examples/**/*.test.{ts,tsx}', 'host-ui/**/*.test.{ts,tsx}'];
// The boundary fixtures are trees for the check to read, test files included, never to run.
const EXCLUDE = ['**/node_modules/**', '**/*.contract.test.ts', 'tests/boundaries/fixtures/**'];
const GROUPS = groupTestFiles(import.meta.dirname, ['tests', 'scripts', 'core', 'sdk', 'packages', 'plugins', 'examples', 'host-ui']);

export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: WORKERS,
    globalSetup: ['tests/setup/pglite-template.global.ts'],
    setupFiles: ['tests/setup/fast-check.setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      // See tests/setup/test-isolation.ts: one module graph per worker, shared by its files.
      { extends: true, test: { name: 'shared', include: INCLUDE, exclude: [...EXCLUDE, ...GROUPS.dom, ...GROUPS.isolated, ...GROUPS.chromium], isolate: false } },
      { extends: true, test: { name: 'dom', include: GROUPS.dom, exclude: EXCLUDE, environment: 'happy-dom', isolate: false } },
      { extends: true, test: { name: 'isolated', include: GROUPS.isolated, exclude: EXCLUDE } },
      // One browser at a time: each of these files waits while another runs (tests/setup/one-browser-at-a-time.setup.ts).
      { extends: true, test: { name: 'chromium', include: GROUPS.chromium, exclude: EXCLUDE, isolate: false, setupFiles: ['tests/setup/fast-check.setup.ts', 'tests/setup/one-browser-at-a-time.setup.ts'] } },
    ],
  },
});
