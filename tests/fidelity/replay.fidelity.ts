import { mkdirSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { expect, test, type Browser, type BrowserContext, type Frame, type Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { CassetteServer, ensureTrackerBuilt, REPO_ROOT, signUp, type Owner } from '../e2e/support/cassette-server.js';
import { logIn } from '../e2e/support/log-in.js';
import { endedSession } from '../e2e/support/own-server-test.js';
import { compareScreens } from './compare.js';
import { NetworkQuiet } from './network-quiet.js';
import { closeOrigin, serveOrigin } from './origin-servers.js';
import { ASSET_PORT, OUTBOUND_ALLOW_HOSTS, SITE_ORIGIN, SITE_PORT } from './origins.js';
import { FIDELITY_PAGES } from './pages/index.js';
import type { FidelityPage } from './pages/page.js';
import { fidelityTable, verdict, type PageScore } from './report.js';
import { assetFiles, siteFiles } from './site-files.js';
import { FIDELITY_THRESHOLDS } from './thresholds.js';

/**
 * Replay fidelity: each page of the suite is visited in Chromium with the script-tag tracker and
 * brought to its end state, the live viewport is captured, the session is replayed to its end in
 * the player, and the replay (at scale 1, the recorded viewport's size) is compared with the live
 * capture pixel by pixel on the pixels either shows (see compare.ts and README.md).
 */

/** The visitor's viewport: the recorded size the replay is captured at. */
const VIEWPORT = { width: 800, height: 600 };
/** Pages recorded at once, and sessions replayed at once (two cores: more only contend). */
const VISITS_AT_ONCE = 4;
const REPLAYS_AT_ONCE = 4;
/** One of the player's speeds: every event is applied as at 1x, only sooner. */
const PLAYBACK_SPEED = 4;
/** rrweb sends mouse positions and input batches at most 500 ms after they happen. */
const SETTLE_MS = 700;
const REPORT_FILE = join(REPO_ROOT, '.tmp', 'reports', 'fidelity.md');
/** Set to keep every page's screenshots and diff, not only those of pages below the threshold. */
const KEEP_ALL = process.env.FIDELITY_KEEP_ALL === '1';

test.describe.configure({ mode: 'serial' });

let cassette: CassetteServer | undefined;
let owner: Owner | undefined;
let site: Server | undefined;
let assets: Server | undefined;

test.beforeAll(async () => {
  ensureTrackerBuilt();
  cassette = await CassetteServer.start({ env: { CASSETTE_OUTBOUND_ALLOW_HOSTS: OUTBOUND_ALLOW_HOSTS } });
  // The project's site is the fidelity site's origin: its pages are the ones the tracker records.
  owner = await signUp(cassette, 'owner@northwind.test', 'owner-password', `127.0.0.1:${SITE_PORT}`);
  site = await serveOrigin(SITE_PORT, siteFiles(FIDELITY_PAGES, { cassetteUrl: cassette.url, projectKey: owner.projectKey }), { crossOrigin: false });
  assets = await serveOrigin(ASSET_PORT, assetFiles(), { crossOrigin: true });
});

test.afterAll(async ({}, testInfo) => {
  if (cassette && testInfo.status !== testInfo.expectedStatus) await testInfo.attach('server output', { body: cassette.log(), contentType: 'text/plain' });
  await closeOrigin(site);
  await closeOrigin(assets);
  await cassette?.dispose();
});

/** Runs `work` over `items`, at most `limit` at a time, keeping the order of `items`. */
async function inPool<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Waits until the document's fonts and images are in (loaded or failed): what is shown is final. */
async function assetsSettled(target: Page | Frame): Promise<void> {
  await target.evaluate(async () => {
    await document.fonts.ready;
    const pending = [...document.images].filter((img) => !img.complete);
    const done = (img: HTMLImageElement) =>
      new Promise((resolve) => {
        img.addEventListener('load', resolve, { once: true });
        img.addEventListener('error', resolve, { once: true });
      });
    await Promise.race([Promise.all(pending.map(done)), new Promise((resolve) => setTimeout(resolve, 5000))]);
  });
}

interface Visit {
  page: FidelityPage;
  sessionId: string;
  live: Buffer;
  /** What the page threw while visited (the tracker's faults land there too): reported beside its score. */
  errors: string[];
}

interface Failure {
  page: FidelityPage;
  problem: string;
}

/** Visits a page as a first-time visitor, brings it to its end state, captures it, stops the tracker. */
async function visit(browser: Browser, page: FidelityPage): Promise<Visit> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const tab = await context.newPage();
    const network = new NetworkQuiet(tab);
    const errors: string[] = [];
    tab.on('pageerror', (error) => errors.push(error.message));
    await tab.goto(`${SITE_ORIGIN}/p/${page.id}`);
    const started = await tab.evaluate(() => (window as unknown as { fidelityStarted: Promise<{ ok: boolean; sessionId?: string; message?: string }> }).fidelityStarted);
    if (!started.ok || !started.sessionId) throw new Error(`the tracker did not start: ${started.message ?? 'no session'}`);
    await page.drive?.(tab);
    await network.settled();
    await assetsSettled(tab);
    await tab.waitForTimeout(SETTLE_MS);
    const live = await tab.screenshot({ animations: 'allow', caret: 'hide' });
    await tab.evaluate(() => (window as unknown as { fidelityTracker: { stop(): Promise<void> } }).fidelityTracker.stop());
    return { page, sessionId: started.sessionId, live, errors };
  } finally {
    await context.close();
  }
}

/**
 * Sizes the player's window so its replay area holds the recorded viewport at scale 1 exactly:
 * the player fits the replay to its area (fitReplay), so the area's width is made the viewport's
 * and its height a little more. Read from the layout, not assumed.
 */
async function fitAtScaleOne(tab: Page): Promise<void> {
  const replayArea = () => tab.getByTestId('player-replay').evaluate((el) => ({ width: el.clientWidth, height: el.clientHeight }));
  for (let attempt = 0; attempt < 3; attempt++) {
    const window = tab.viewportSize()!;
    const area = await replayArea();
    if (area.width === VIEWPORT.width && area.height >= VIEWPORT.height) break;
    await tab.setViewportSize({ width: window.width + VIEWPORT.width - area.width, height: window.height + VIEWPORT.height + 40 - area.height });
  }
  await expect
    .poll(async () => tab.getByTestId('player-replay').locator('iframe').evaluate((el) => { const r = el.getBoundingClientRect(); return `${r.width}×${r.height}`; }), {
      message: 'the replay is shown at the recorded size (scale 1)',
    })
    .toBe(`${VIEWPORT.width}×${VIEWPORT.height}`);
}

/** Opens the session in the player, plays it to its end and captures the replay at the recorded size. */
async function replayEnd(context: BrowserContext, cassetteUrl: string, projectId: number, recorded: Visit): Promise<Buffer> {
  const tab = await context.newPage();
  const network = new NetworkQuiet(tab);
  try {
    await tab.goto(`${cassetteUrl}/${projectId}/session/${recorded.sessionId}`);
    const iframe = tab.getByTestId('player-replay').locator('iframe');
    await expect(iframe).toHaveCount(1, { timeout: 20_000 });
    const frame = (await (await iframe.elementHandle())!.contentFrame())!;
    await fitAtScaleOne(tab);
    // Faster than the visit took: the end is the same, the suite's time is not.
    await tab.getByTestId('player-speed').selectOption(String(PLAYBACK_SPEED));
    await tab.getByTestId('player-play').click();
    await expect(tab.getByTestId('session-player')).toHaveAttribute('data-player-state', 'ended', { timeout: 60_000 });
    await network.settled();
    await assetsSettled(frame);
    await tab.waitForTimeout(200);
    const box = (await iframe.boundingBox())!;
    // The replayer's mouse pointer is the player's drawing over the page, not the page.
    return await tab.screenshot({
      clip: { x: Math.round(box.x), y: Math.round(box.y), width: VIEWPORT.width, height: VIEWPORT.height },
      animations: 'allow',
      caret: 'hide',
      style: '.replayer-mouse, .replayer-mouse-tail { display: none !important; }',
    });
  } finally {
    await tab.close();
  }
}

function saveForDiagnosis(id: string, live: Buffer, replay: Buffer | null, diff: PNG | null): void {
  writeFileSync(test.info().outputPath(`${id}-live.png`), live);
  if (replay) writeFileSync(test.info().outputPath(`${id}-replay.png`), replay);
  if (diff) writeFileSync(test.info().outputPath(`${id}-diff.png`), PNG.sync.write(diff));
}

test(`${FIDELITY_PAGES.length} pages replay as they were seen`, async ({ browser }) => {
  test.setTimeout(300_000);
  expect(FIDELITY_PAGES.length, 'the suite has at least 25 pages').toBeGreaterThanOrEqual(25);
  const server = cassette!;
  const account = owner!;
  const failures: Failure[] = [];
  const timings: string[] = [];
  const timed = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const started = Date.now();
    try {
      return await test.step(name, work);
    } finally {
      timings.push(`${name}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
  };

  const firstLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0];
  const visited = (
    await timed('record every page', () =>
      inPool(FIDELITY_PAGES, VISITS_AT_ONCE, (page) => visit(browser, page).catch((error: unknown) => (failures.push({ page, problem: `recording: ${firstLine(error)}` }), null))),
    )
  ).filter((v): v is Visit => v !== null);

  // A page whose session never ends scores 0 with the reason; the others are still measured.
  const ended = await timed('every session is stored and ended', () => Promise.allSettled(visited.map((v) => endedSession(server, account, v.sessionId))));
  const recorded = visited.filter((v, i) => {
    const outcome = ended[i]!;
    if (outcome.status === 'rejected') failures.push({ page: v.page, problem: `the session was not stored and ended: ${firstLine(outcome.reason)}` });
    return outcome.status === 'fulfilled';
  });

  const scores: PageScore[] = failures.map(({ page, problem }) => ({ id: page.id, covers: page.covers, score: 0, considered: 0, differing: 0, problem }));
  await timed('replay every session to its end and compare', async () => {
    const player = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const loggedIn = await player.newPage();
    await logIn(loggedIn, server, account);
    await inPool(recorded, REPLAYS_AT_ONCE, async (v) => {
      let replay: Buffer | null = null;
      try {
        replay = await replayEnd(player, server.url, account.projectId, v);
        const result = compareScreens(v.live, replay);
        if (result.liveContent < 0.02 * VIEWPORT.width * VIEWPORT.height) throw new Error(`the live page shows almost nothing (${result.liveContent} px): the page is broken, not the replay`);
        const problem = v.errors.length > 0 ? `the live page threw: ${v.errors.join('; ')}` : undefined;
        scores.push({ id: v.page.id, covers: v.page.covers, score: result.score, considered: result.considered, differing: result.differing, ...(problem ? { problem } : {}) });
        if (KEEP_ALL || result.score < FIDELITY_THRESHOLDS.page) saveForDiagnosis(v.page.id, v.live, replay, result.diff);
      } catch (error) {
        scores.push({ id: v.page.id, covers: v.page.covers, score: 0, considered: 0, differing: 0, problem: `replay: ${firstLine(error)}` });
        saveForDiagnosis(v.page.id, v.live, replay, null);
      }
    });
    await player.close();
  });

  const table = `${fidelityTable(scores)}\n${timings.join(', ')}`;
  mkdirSync(join(REPORT_FILE, '..'), { recursive: true });
  writeFileSync(REPORT_FILE, `# Replay fidelity\n\n${table}\n`);
  console.log(`\nReplay fidelity (${REPORT_FILE}):\n${table}\n`);
  await test.info().attach('fidelity.md', { body: table, contentType: 'text/markdown' });

  const result = verdict(scores);
  expect.soft(result.below.map((s) => `${s.id} ${s.score.toFixed(4)}${s.problem ? ` (${s.problem})` : ''}`), `pages below ${FIDELITY_THRESHOLDS.page}`).toEqual([]);
  expect.soft(result.mean, `the mean score (needs ≥ ${FIDELITY_THRESHOLDS.mean})`).toBeGreaterThanOrEqual(FIDELITY_THRESHOLDS.mean);
});
