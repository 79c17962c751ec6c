import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatSlowest, slowestFiles, summarize } from './summarize-tests.mjs';

const ROOT = join(import.meta.dirname, '..');
const dir = mkdtempSync(join(tmpdir(), 'cassette-reports-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const write = (name: string, report: unknown) => writeFileSync(join(dir, name), JSON.stringify(report));

write('vitest.json', { numPassedTests: 7, numFailedTests: 1, numPendingTests: 0, numTodoTests: 0, testResults: [] });
write('vitest.file-times.json', {
  runner: 'vitest',
  files: [
    { file: 'core/src/kernel/kernel.test.ts', seconds: 3.2 },
    { file: 'sdk/tracker/src/backoff.test.ts', seconds: 0.1 },
  ],
});
write('on-postgres-redis.file-times.json', { runner: 'vitest', files: [{ file: 'core/src/kernel/kernel.test.ts', seconds: 9.5 }] });
// Playwright nests describe blocks in suites; a file's time is all its tests' results (retries too).
write('playwright.json', {
  config: { rootDir: join(ROOT, 'tests', 'e2e') },
  stats: { expected: 3, unexpected: 0, flaky: 0, skipped: 0 },
  suites: [
    {
      file: 'recording.e2e.ts',
      specs: [{ tests: [{ results: [{ duration: 20_000 }, { duration: 4_000 }] }] }],
      suites: [{ specs: [{ tests: [{ results: [{ duration: 1_500 }] }] }] }],
    },
    { file: 'shell.e2e.ts', specs: [{ tests: [{ results: [{ duration: 2_000 }] }] }] },
  ],
});

describe('the test summary', () => {
  it('adds up the counts of every report and ignores the file times', () => {
    expect(summarize(dir)).toEqual({ passed: 10, failed: 1, skipped: 0 });
  });

  it('lists the slowest files of every run, slowest first, naming the run', () => {
    expect(slowestFiles(dir, 3)).toEqual([
      { file: 'tests/e2e/recording.e2e.ts', seconds: 25.5, run: 'playwright' },
      { file: 'core/src/kernel/kernel.test.ts', seconds: 9.5, run: 'on-postgres-redis' },
      { file: 'core/src/kernel/kernel.test.ts', seconds: 3.2, run: 'vitest' },
    ]);
    expect(formatSlowest(slowestFiles(dir, 1))).toBe('slowest 1 test files:\n   25.5 s  tests/e2e/recording.e2e.ts  (playwright)\n');
  });

  it('prints nothing when there is no report', () => {
    expect(formatSlowest(slowestFiles(join(dir, 'missing')))).toBe('');
  });
});
