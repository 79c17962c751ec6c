import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { BlobStore, OutboundHttpClient } from '@cassette/plugin-sdk/server';
import type { ConsoleEntry, LighthouseScores, NetworkOverview, RunStepResult, TestStep } from '../../shared/model.js';
import { substituteVariables } from '../../shared/validation.js';
import type { RunOutcome, StoredRun } from '../store/run-store.js';
import { launchChromium, type ChromiumProcess } from './chromium-process.js';
import { DEVICE_PROFILES, NETWORK_CONDITIONS } from './devices.js';
import { interceptBrowserRequests } from './browser-interception.js';
import { routeThroughOutbound, type NetworkLog } from './outbound-route.js';
import { screenshotKey, screenshotPath, videoKey, videoPath } from './run-files.js';
import { startScreencastVideo, type ScreencastVideo } from './screencast-video.js';
import { failureText, GuardTimeout, withTimeout } from './step-failure.js';
import { trackerInitScript, readSessionId } from './tracker-injection.js';

export const MAX_CONSOLE_ENTRIES = 500;
const SCREENSHOT_TIMEOUT_MS = 5000;

export interface ExecuteOptions {
  chromiumPath: string;
  stepTimeoutMs: number;
  outbound: OutboundHttpClient;
  blobs: BlobStore;
  variables: ReadonlyMap<string, string>;
  /** Where the project's tracker is served and sends to; null: the run is not recorded. */
  tracker: { publicUrl: string; projectKey: string } | null;
  video: { ffmpegPath: string } | null;
  lighthouse: ((url: string, port: number) => Promise<LighthouseScores>) | null;
  /** Aborted when the run is stopped or passes its time limit: the browser is killed at once. */
  signal: AbortSignal;
  /** Called after each step with the results so far (the run detail shows progress). */
  onProgress(steps: RunStepResult[], sessionId: string | null): Promise<void>;
  /** Called with the browser once it runs, so the caller can kill it. */
  onBrowser(browser: ChromiumProcess): void;
}

function stepLabel(step: TestStep): string {
  if (step.name) return step.name;
  switch (step.type) {
    case 'navigate':
      return `Open ${step.value}`;
    case 'click':
      return `Click ${step.selectors[0] ?? ''}`;
    case 'input':
      return `Type into ${step.selectors[0] ?? ''}`;
    case 'custom':
      return 'Custom code';
    case 'test':
      return 'Imported test';
  }
}

function resolveAddress(value: string, base: string | undefined): string {
  return base ? new URL(value, base).toString() : new URL(value).toString();
}

/** One locator for a step's selectors: the first of them that matches an element is used. */
function locatorOf(page: Page, selectors: string[]) {
  const usable = selectors.filter((s) => s.trim());
  return usable.slice(1).reduce((loc, s) => loc.or(page.locator(s)), page.locator(usable[0]!)).first();
}

async function overviewOf(page: Page): Promise<NetworkOverview | null> {
  return page
    .evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      if (!nav) return null;
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      return {
        transferredSize: nav.transferSize + resources.reduce((n, r) => n + r.transferSize, 0),
        resourcesSize: nav.decodedBodySize + resources.reduce((n, r) => n + r.decodedBodySize, 0),
        domBuildingTime: Math.max(0, Math.round(nav.domInteractive - nav.responseEnd)),
        domContentLoadedTime: Math.round(nav.domContentLoadedEventEnd - nav.startTime),
        loadTime: Math.round(nav.loadEventEnd - nav.startTime),
      };
    })
    .catch(() => null);
}

/**
 * Runs the run's steps in a Chromium of its own and answers the outcome. Never throws for the
 * test's sake: a failing step, a refused address, a hung page or a stop become the outcome.
 * The browser process is killed before this returns, whatever happened.
 */
export async function executeRun(run: StoredRun, options: ExecuteOptions): Promise<RunOutcome> {
  const startedAt = Date.now();
  const results: RunStepResult[] = run.definition.map((step, index) => ({
    order: index + 1,
    label: step.type,
    title: stepLabel(step),
    type: step.type,
    status: 'skipped',
    timings: { start: 0, duration: 0 },
  }));
  const consoleLogs: ConsoleEntry[] = [];
  const network: NetworkLog = { entries: [], refusals: new Map() };
  let overview: NetworkOverview | null = null;
  let lighthouse: LighthouseScores | null = null;
  let sessionId: string | null = null;
  let lastScreenshot: string | null = null;
  let failure: string | null = null;
  let state: RunOutcome['state'] = 'passed';
  let chromiumProcess: ChromiumProcess | null = null;
  let browser: Browser | null = null;
  let video: ScreencastVideo | null = null;
  let firstPageUrl: string | null = null;
  const stopped = () => options.signal.aborted;

  try {
    chromiumProcess = await launchChromium(options.chromiumPath);
    options.onBrowser(chromiumProcess);
    if (stopped()) throw options.signal.reason;
    browser = await chromium.connectOverCDP(`http://127.0.0.1:${chromiumProcess.port}`, { timeout: 20_000 });
    const device = DEVICE_PROFILES[run.options.device];
    const context: BrowserContext = await browser.newContext({
      viewport: device.viewport,
      isMobile: device.isMobile,
      hasTouch: device.hasTouch,
      ...(device.userAgent ? { userAgent: device.userAgent } : {}),
      bypassCSP: run.options.bypassCSP,
      extraHTTPHeaders: run.options.headers,
      ...(run.options.basicAuth ? { httpCredentials: run.options.basicAuth } : {}),
      serviceWorkers: 'block',
      acceptDownloads: false,
    });
    context.setDefaultTimeout(options.stepTimeoutMs);
    context.setDefaultNavigationTimeout(options.stepTimeoutMs);
    const conditions = run.options.network === 'wifi' ? null : NETWORK_CONDITIONS[run.options.network];
    await routeThroughOutbound(context, options.outbound, options.stepTimeoutMs, network, startedAt, conditions);
    if (options.tracker) await context.addInitScript({ content: trackerInitScript(options.tracker, run.runId) });
    const base = run.environment?.url;
    if (run.options.cookies.length) {
      const firstNavigate = run.definition.find((s) => s.type === 'navigate');
      const cookieUrl = firstNavigate ? resolveAddress(substituteVariables(firstNavigate.value, options.variables).text, base) : base;
      if (cookieUrl) await context.addCookies(run.options.cookies.map((c) => ({ name: c.name, value: c.value, url: cookieUrl })));
    }
    const page = await context.newPage();
    // Latency and throughput are emulated by the interception (DevTools throttling skips fulfilled answers).
    if (conditions?.offline) await context.setOffline(true);
    page.on('console', (message) => {
      if (consoleLogs.length < MAX_CONSOLE_ENTRIES) consoleLogs.push({ level: message.type() === 'warning' ? 'warn' : message.type(), value: message.text().slice(0, 4000), time: Date.now() - startedAt });
    });
    page.on('pageerror', (error) => {
      if (consoleLogs.length < MAX_CONSOLE_ENTRIES) consoleLogs.push({ level: 'exception', value: `${error.name}: ${error.message}`.slice(0, 4000), time: Date.now() - startedAt });
    });
    if (options.video) video = await startScreencastVideo(page, options.video.ffmpegPath).catch(() => null);

    for (const [index, step] of run.definition.entries()) {
      if (stopped()) break;
      let pageHung = false;
      const result = results[index]!;
      const stepStart = Date.now();
      result.timings.start = stepStart - startedAt;
      try {
        const text = (value: string) => {
          const { text: out, missing } = substituteVariables(value, options.variables);
          if (missing.length) throw new Error(`The variable \${${missing[0]}} is not defined; add it under Variables.`);
          return out;
        };
        const work = (async () => {
          switch (step.type) {
            case 'navigate': {
              const url = resolveAddress(text(step.value), base);
              const response = await page.goto(url, { timeout: options.stepTimeoutMs, waitUntil: 'load' }).catch((error: unknown) => {
                const refusal = network.refusals.get(url);
                throw refusal ? new Error(refusal) : error;
              });
              if (response && response.status() >= 400) throw new Error(`${url} answered ${response.status()} ${response.statusText()}`.trim());
              if (!firstPageUrl) {
                firstPageUrl = page.url();
                overview = await overviewOf(page);
              }
              return;
            }
            case 'click':
              await locatorOf(page, step.selectors.map(text)).click({ timeout: options.stepTimeoutMs });
              return;
            case 'input':
              await locatorOf(page, step.selectors.map(text)).fill(text(step.value), { timeout: options.stepTimeoutMs });
              return;
            case 'custom':
              // In the page under test, as the body of an async function: never in this process.
              await page.evaluate(`(async () => {\n${step.code}\n})()`);
              return;
            case 'test':
              return;
          }
        })();
        await withTimeout(work, options.stepTimeoutMs + 1000, 'The step');
        result.status = 'passed';
      } catch (error) {
        // Only a page whose main thread is stuck (a loop in custom code) outlasts Playwright's own timeouts.
        pageHung = error instanceof GuardTimeout;
        result.status = stopped() ? 'stopped' : 'failed';
        result.info = stopped() ? 'The run was stopped during this step.' : failureText(error, options.stepTimeoutMs);
      }
      result.timings.duration = Date.now() - stepStart;
      // A stuck page answers neither a screenshot nor a read of its storage: not waited for.
      if (!stopped() && !pageHung) {
        const shot = await withTimeout(page.screenshot({ type: 'jpeg', quality: 60, timeout: SCREENSHOT_TIMEOUT_MS, animations: 'disabled' }), SCREENSHOT_TIMEOUT_MS + 500, 'The screenshot').catch(() => null);
        if (shot) {
          await options.blobs.put(screenshotKey(run.projectId, run.runId, result.order), shot, { contentType: 'image/jpeg' });
          result.screenshot = screenshotPath(run.projectId, run.runId, result.order);
          lastScreenshot = result.screenshot;
        }
        sessionId = (await withTimeout(readSessionId(page, options.tracker), 2000, 'Reading the session').catch(() => null)) ?? sessionId;
      }
      await options.onProgress(results, sessionId).catch(() => undefined);
      if (result.status !== 'passed') {
        state = stopped() ? 'stopped' : 'failed';
        failure = result.info ?? null;
        break;
      }
    }
    if (stopped() && state === 'passed') state = 'stopped';
    if (video) {
      // ffmpeg encodes as frames come but falls behind on a busy host (150 frames took it a minute
      // on two loaded cores): it gets up to a minute to finish before the run goes without video.
      const bytes = await withTimeout(video.finish(), 60_000, 'Encoding the video').catch(() => null);
      video = null;
      if (bytes && bytes.length > 0) await options.blobs.put(videoKey(run.projectId, run.runId), bytes, { contentType: 'video/webm' });
    }
    if (state === 'passed' && options.lighthouse && firstPageUrl && !stopped()) {
      const audit = options.lighthouse;
      const url: string = firstPageUrl;
      const port = chromiumProcess.port;
      const connected = browser;
      lighthouse = await (async () => {
        // Lighthouse opens a tab of its own, outside the run's routed context: from here every
        // request of the browser is intercepted instead, so the audit reaches what the run may.
        // The run's pages are done; closed first, they are not intercepted twice.
        await withTimeout(context.close(), 5000, 'Closing the run\'s pages').catch(() => undefined);
        await interceptBrowserRequests(await connected.newBrowserCDPSession(), options.outbound, options.stepTimeoutMs);
        return audit(url, port);
      })().catch((error: unknown) => ({
        performance: null,
        accessibility: null,
        bestPractices: null,
        seo: null,
        metrics: {},
        error: error instanceof Error ? error.message : String(error),
      }));
    }
  } catch (error) {
    if (stopped()) state = 'stopped';
    else {
      state = 'failed';
      failure = error instanceof Error ? error.message : String(error);
    }
  } finally {
    if (video) await video.abort();
    // Killed first: closing a connection to a browser whose page hangs could wait forever.
    await chromiumProcess?.kill();
    await browser?.close().catch(() => undefined);
  }
  if (stopped()) {
    const reason = options.signal.reason;
    if (reason instanceof Error && reason.name === 'RunTimeout') {
      state = 'failed';
      failure = reason.message;
      for (const r of results) if (r.status === 'stopped') { r.status = 'failed'; r.info = reason.message; }
    } else state = 'stopped';
  }
  const hasVideo = await options.blobs.exists(videoKey(run.projectId, run.runId)).catch(() => false);
  return {
    state,
    steps: results,
    consoleLogs,
    network: network.entries,
    networkOverview: overview,
    lighthouse,
    screenshot: lastScreenshot,
    video: hasVideo ? videoPath(run.projectId, run.runId) : null,
    sessionId,
    failure,
  };
}
