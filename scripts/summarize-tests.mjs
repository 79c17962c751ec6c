// Adds up the JSON reports of every test run (Vitest and Playwright) into one closing line.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export function summarize(dir) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  if (!existsSync(dir)) return { passed, failed, skipped };
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    if (report.stats && 'expected' in report.stats) {
      passed += report.stats.expected + (report.stats.flaky ?? 0);
      failed += report.stats.unexpected;
      skipped += report.stats.skipped ?? 0;
    } else if ('numPassedTests' in report) {
      passed += report.numPassedTests;
      failed += report.numFailedTests;
      skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    }
  }
  return { passed, failed, skipped };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { passed, failed, skipped } = summarize(process.argv[2] ?? '.tmp/reports');
  process.stdout.write(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
}
