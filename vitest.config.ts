import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Vitest's default (one worker per core but one) runs a 2-core machine one file at a time,
// leaving a core to the main process, which mostly waits on its worker. Two workers there;
// the default on larger machines.
const WORKERS = Math.max(2, availableParallelism() - 1);

export default defineConfig({
  test: {
    include: ['tests/boundaries/**/*.test.ts', 'tests/authz/**/*.test.ts', 'tests/bad-input/**/*.test.ts', 'tests/pipeline/**/*.test.ts', 'tests/bench/**/*.test.ts', 'tests/setup/**/*.test.ts', 'tests/fidelity/**/*.test.ts', 'scripts/**/*.test.ts', 'core/**/*.test.ts', 'sdk/**/*.test.{ts,tsx}', 'packages/**/*.test.ts', 'plugins/**/*.test.{ts,tsx}', 'host-ui/**/*.test.{ts,tsx}'],
    // The boundary fixtures are trees for the check to read, test files included, never to run.
    exclude: ['**/node_modules/**', '**/*.contract.test.ts', 'tests/boundaries/fixtures/**'],
    pool: 'forks',
    maxWorkers: WORKERS,
    globalSetup: ['tests/setup/pglite-template.global.ts'],
    setupFiles: ['tests/setup/fast-check.setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
