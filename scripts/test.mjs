// `npm test`: set up what is missing (Chromium included, as root), then run the whole suite.
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureChromium, ensureFfmpeg, ensurePackages, ensurePnpm, ensureCliBuilt, ensureDemoBuilt, ensureTrackerBuilt, ensureUiBuilt, ROOT, run } from './setup.mjs';
import { formatSlowest, slowestFiles, summarize } from './summarize-tests.mjs';

const REPORTS = join(ROOT, '.tmp', 'reports');
rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });

ensurePnpm();
ensurePackages();
ensureChromium();
ensureFfmpeg();
ensureTrackerBuilt();
ensureDemoBuilt();
ensureCliBuilt();

const steps = [
  ['typecheck', () => run('pnpm', ['run', '--silent', 'typecheck'])],
  ['boundary check', () => run('pnpm', ['run', '--silent', 'boundaries'])],
  [
    'unit and integration tests',
    () => run('pnpm', ['exec', 'vitest', 'run', '--reporter=default', '--reporter=json', '--reporter=./scripts/vitest-file-times.mjs', `--outputFile.json=${join(REPORTS, 'vitest.json')}`]),
  ],
  ['UI build', () => (ensureUiBuilt({ force: true }), 0)],
  [
    'browser tests',
    () => run('pnpm', ['exec', 'playwright', 'test', '-c', 'tests/playwright.config.ts'], { env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: join(REPORTS, 'playwright.json') } }),
  ],
];

const results = [];
for (const [name, step] of steps) {
  process.stdout.write(`\n\x1b[1m== ${name} ==\x1b[0m\n`);
  const started = Date.now();
  let status;
  try {
    status = step();
  } catch (error) {
    console.error(error);
    status = 1;
  }
  results.push({ name, ok: status === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) });
  if (status !== 0) break;
}
process.stdout.write('\n');
for (const r of results) process.stdout.write(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds} s)\n`);
const failed = results.filter((r) => !r.ok).length + (steps.length - results.length);
process.stdout.write(`steps: ${results.filter((r) => r.ok).length} of ${steps.length} passed\n`);
process.stdout.write(formatSlowest(slowestFiles(REPORTS)));
const counts = summarize(REPORTS);
process.stdout.write(`tests: ${counts.passed} passed, ${counts.failed} failed\n`);
process.exitCode = failed === 0 ? 0 : 1;
