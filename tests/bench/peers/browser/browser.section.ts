/**
 * `browser` section of `npm run bench`: what each recorder costs the page it records. The same
 * scripted visit of a heavy page runs in headless Chromium with no tracker, with rrweb alone, with
 * ours and with each peer, each sending to a local sink that answers its protocol; runs of the
 * variants are interleaved and the medians compared.
 */
import { chromium, type Browser } from '@playwright/test';
import { existsSync } from 'node:fs';
import type { BenchSection, BenchSize, SectionOptions, SectionResult } from '../../suite/section.js';
import { buildRecorderBundles } from './bundle.js';
import { browserTable, summariseAll, type BrowserRun, type SizeSettings } from './browser-summary.js';
import { runScriptedSession, VIEWPORT, warmUp } from './scripted-session.js';
import { SinkServer } from './sink-server.js';
import { interleavedOrder } from './statistics.js';
import { VARIANTS } from './variants.js';
import { HEADLESS_CHROMIUM_ARGS } from '../../../e2e/support/chromium.js';

const SIZES: Record<BenchSize, SizeSettings> = {
  default: { rows: 2000, runs: 3, script: { shuffles: 1, appends: 1, scrollSteps: 3 } },
  large: { rows: 5000, runs: 5, script: { shuffles: 6, appends: 4, scrollSteps: 12 } },
};

const CPU_SLOWDOWN = 4;
/** Time left after the visit for the recorders' last sends (unload flushes) to reach the sink. */
const SETTLE_MS = 1500;
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * Canvas recording is measured with `BENCH_CANVAS=1` (the heavy pages get an animated chart) and
 * `BENCH_CANVAS_FPS=<n>` (the rate our start answer asks for; 2, the server's default, unless
 * given). `BENCH_VARIANTS=none,cassette` runs only those variants. `BENCH_CASSETTE_BEFORE=<path of
 * an earlier dist/tracker.js>` adds that build as a variant of the same runs, for before/after figures.
 */
const CANVAS_PAGE = process.env.BENCH_CANVAS === '1';
const CANVAS_FPS = process.env.BENCH_CANVAS_FPS === undefined ? 2 : Number(process.env.BENCH_CANVAS_FPS);
const ONLY_VARIANTS = process.env.BENCH_VARIANTS?.split(',');
const COMPARE_EARLIER_BUILD = Boolean(process.env.BENCH_CASSETTE_BEFORE);
const variants = () =>
  VARIANTS.filter((v) => (!ONLY_VARIANTS || ONLY_VARIANTS.includes(v.id)) && (v.id !== 'cassette-before' || COMPARE_EARLIER_BUILD));

async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    headless: true,
    ...(existsSync(CHROMIUM_PATH) ? { executablePath: CHROMIUM_PATH } : {}),
    args: HEADLESS_CHROMIUM_ARGS.filter((arg) => arg !== '--headless'),
  });
}

export const browserSection: BenchSection = {
  id: 'browser',
  title: 'Tracker cost in a real browser',
  async run(options: SectionOptions): Promise<SectionResult> {
    const settings = { ...SIZES[options.size], runs: options.runs ?? SIZES[options.size].runs };
    options.progress('bundling the recorders');
    const bundles = await buildRecorderBundles();
    const sink = await SinkServer.start({ rows: settings.rows, bundles, canvas: CANVAS_PAGE, canvasFps: CANVAS_FPS });
    const browser = await launchChromium();
    const chromiumVersion = browser.version();
    const runs: BrowserRun[] = [];
    try {
      // One untimed visit so Chromium's own start-up costs no variant.
      sink.useVariant(VARIANTS[0]!);
      await warmUp(browser, sink.origin);
      for (let repetition = 0; repetition < settings.runs; repetition++) {
        for (const variant of interleavedOrder(variants(), repetition)) {
          options.progress(`run ${repetition + 1}/${settings.runs}: ${variant.label}`);
          const ledger = sink.useVariant(variant);
          const measurement = await runScriptedSession(browser, sink.origin, settings.script, CPU_SLOWDOWN, SETTLE_MS);
          const totals = variant.prefix === null ? null : ledger.snapshot();
          runs.push({ variant: variant.id, repetition, measurement, sink: totals, recorded: totals === null || totals.recordingPayloads > 0 });
        }
      }
    } finally {
      await browser.close();
      await sink.close();
    }
    const summaries = summariseAll(runs);
    return {
      id: 'browser',
      tables: [browserTable(summaries, settings, { cpuSlowdown: CPU_SLOWDOWN, viewport: VIEWPORT })],
      data: { cpuSlowdown: CPU_SLOWDOWN, viewport: VIEWPORT, settings, chromium: chromiumVersion, summaries, runs },
    };
  },
};
