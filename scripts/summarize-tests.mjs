// Adds up the JSON reports of every test run (Vitest and Playwright) into one closing line,
// and lists the slowest test files, so a file that grows slow is seen before the suite is.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { FILE_TIMES_SUFFIX } from './vitest-file-times.mjs';

const ROOT = join(import.meta.dirname, '..');

function reports(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => ({ name: f, report: JSON.parse(readFileSync(join(dir, f), 'utf8')) }));
}

export function summarize(dir) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const { report } of reports(dir)) {
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

/** Seconds per spec file of a Playwright JSON report: its tests' durations, fixtures included. */
function playwrightFileTimes(report) {
  const seconds = new Map();
  const visit = (suite, file) => {
    const at = suite.file ?? file;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        for (const result of test.results ?? []) seconds.set(at, (seconds.get(at) ?? 0) + (result.duration ?? 0) / 1000);
      }
    }
    for (const child of suite.suites ?? []) visit(child, at);
  };
  for (const suite of report.suites ?? []) visit(suite, suite.file);
  const testDir = report.config?.rootDir ?? ROOT;
  return [...seconds].map(([file, s]) => ({ file: relative(ROOT, join(testDir, file)), seconds: s }));
}

/**
 * The slowest test files of every run in `dir`, slowest first: Vitest's come from the file
 * times `vitest-file-times.mjs` writes (setup included), Playwright's from its JSON report.
 * `run` names the report, as a file can run twice (PGlite, then PostgreSQL in CI).
 */
export function slowestFiles(dir, count = 10) {
  const files = [];
  for (const { name, report } of reports(dir)) {
    if (name.endsWith(FILE_TIMES_SUFFIX)) {
      for (const f of report.files ?? []) files.push({ ...f, run: basename(name, FILE_TIMES_SUFFIX) });
    } else if (report.stats && 'expected' in report.stats) {
      for (const f of playwrightFileTimes(report)) files.push({ ...f, run: basename(name, '.json') });
    }
  }
  return files.sort((a, b) => b.seconds - a.seconds).slice(0, count);
}

export function formatSlowest(files) {
  if (!files.length) return '';
  const lines = files.map((f) => `${f.seconds.toFixed(1).padStart(7)} s  ${f.file}  (${f.run})`);
  return `slowest ${files.length} test files:\n${lines.join('\n')}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2] ?? '.tmp/reports';
  const { passed, failed, skipped } = summarize(dir);
  process.stdout.write(formatSlowest(slowestFiles(dir)));
  process.stdout.write(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
}
