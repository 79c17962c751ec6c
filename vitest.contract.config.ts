import { defineConfig } from 'vitest/config';

// Contract suites against the real PostgreSQL and Redis (CI; see .ci/run).
export default defineConfig({
  test: {
    include: ['core/**/*.contract.test.ts', 'plugins/**/*.contract.test.ts'],
    exclude: ['**/node_modules/**'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
