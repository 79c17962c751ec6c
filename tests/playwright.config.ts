import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { e2eOutboundAllowHosts } from './e2e/support/asset-hosts.js';
import { CHROMIUM_PATH, HEADLESS_CHROMIUM_ARGS } from './e2e/support/chromium.js';

const PORT = Number(process.env.E2E_PORT ?? 18_090);
const BASE_URL = `http://127.0.0.1:${PORT}`;
// A fresh embedded database per run: the browser tests start from "no tenant yet".
const DATA_DIR = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'cassette-e2e-'));
// Workers read the mails the catcher stored here; they inherit the runner's environment.
process.env.E2E_DATA_DIR = DATA_DIR;

export default defineConfig({
  // The journeys, and the replay fidelity suite (tests/fidelity): one run, one browser, one webServer.
  projects: [
    { name: 'e2e', testDir: './e2e', testMatch: '**/*.e2e.ts', testIgnore: '**/synthetic.e2e.ts' },
    // The suite saves its own screenshots and diffs; a trace of its sixty tabs would only slow it.
    { name: 'fidelity', testDir: './fidelity', testMatch: '**/*.fidelity.ts', use: { trace: 'off', screenshot: 'off' } },
    // The synthetic journey drives a second Chromium (the run's), Lighthouse and ffmpeg on top of
    // its own: it runs last, alone, so neither it nor another journey starves the other
    // (`--no-deps` runs it without the others).
    { name: 'synthetic', testDir: './e2e', testMatch: '**/synthetic.e2e.ts', dependencies: ['e2e', 'fidelity'] },
  ],
  globalSetup: './e2e/support/pglite-template.global.ts',
  fullyParallel: false,
  // Files are spread over two workers, each with its own shared Cassette server (own-server-test.ts):
  // the journeys mostly wait on their server and the browser, so two overlap well on two cores.
  // E2E_WORKERS=1 runs them one after another.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  // The JSON report (PLAYWRIGHT_JSON_OUTPUT_NAME) feeds the suite's closing count.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  outputDir: join(tmpdir(), 'cassette-e2e-results'),
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: [...HEADLESS_CHROMIUM_ARGS] },
  },
  webServer: {
    command: 'node --import tsx e2e/support/serve-with-mail-catcher.ts',
    cwd: import.meta.dirname,
    url: `${BASE_URL}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      PUBLIC_URL: BASE_URL,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      // Cross-origin assets of the test pages come from E2E_PORT + 1 and + 2 only.
      CASSETTE_OUTBOUND_ALLOW_HOSTS: e2eOutboundAllowHosts(PORT),
    },
  },
});
