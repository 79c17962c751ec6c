/**
 * One scripted visit of the heavy page in headless Chromium, measured from the Chrome DevTools
 * Protocol: the same clicks, typing, scrolling and navigation for every variant, at a fixed CPU
 * slowdown and viewport.
 */
import type { Browser, CDPSession, Page } from '@playwright/test';
import { sumCumulativeReadings } from './statistics.js';

export interface SessionScript {
  /** Times the whole list is re-rendered by "Shuffle". */
  shuffles: number;
  /** Times the second page appends its rows. */
  appends: number;
  /** Mouse-wheel steps on each page. */
  scrollSteps: number;
}

export interface SessionMeasurement {
  /** Wall time of the scripted visit (first request to the end of the last step), ms. */
  sessionMs: number;
  /** Main-thread busy time (CDP TaskDuration), ms. */
  taskMs: number;
  scriptMs: number;
  layoutMs: number;
  recalcStyleMs: number;
  longTasks: number;
  longTaskMs: number;
  /** JS heap in use at the end, after a forced garbage collection, bytes. */
  heapUsedBytes: number;
}

interface PageReading {
  metrics: Record<string, number>;
  longTasks: { count: number; total: number };
}

export const VIEWPORT = { width: 1280, height: 800 } as const;

// Installed before any script of the page, so tasks of the recorders' own start count too.
const LONG_TASK_OBSERVER = `
  window.__benchLongTasks = { count: 0, total: 0 };
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) { window.__benchLongTasks.count += 1; window.__benchLongTasks.total += entry.duration; }
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
`;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function readPage(page: Page, cdp: CDPSession): Promise<PageReading> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const longTasks = (await page.evaluate('window.__benchLongTasks')) as { count: number; total: number } | undefined;
  return { metrics: Object.fromEntries(metrics.map((m) => [m.name, m.value])), longTasks: longTasks ?? { count: 0, total: 0 } };
}

async function scroll(page: Page, steps: number, deltaY: number): Promise<void> {
  for (let i = 0; i < steps; i++) {
    await page.mouse.wheel(0, deltaY);
    await pause(150);
  }
}

/** Opens the heavy page once, untimed, so Chromium's own first-start costs land on no variant. */
export async function warmUp(browser: Browser, origin: string): Promise<void> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/app/list`, { waitUntil: 'load' });
    await page.goto(`${origin}/app/form`, { waitUntil: 'load' });
  } finally {
    await context.close();
  }
}

/**
 * Runs the script once in a fresh browser context (no cache, storage or session kept from an
 * earlier run), then leaves for a page without a recorder so each recorder sends what it still
 * holds the way it does when a visitor leaves; `settleMs` gives those last requests time to land.
 */
export async function runScriptedSession(browser: Browser, origin: string, script: SessionScript, cpuSlowdown: number, settleMs: number): Promise<SessionMeasurement> {
  const context = await browser.newContext({ viewport: VIEWPORT, serviceWorkers: 'block' });
  try {
    await context.addInitScript(LONG_TASK_OBSERVER);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    // Wall-clock task time (the default time domain), so the CPU slowdown shows in busy time.
    await cdp.send('Performance.enable');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    const started = Date.now();

    await page.goto(`${origin}/app/list`, { waitUntil: 'load' });
    await pause(1000);
    for (let i = 0; i < script.shuffles; i++) {
      await page.click('#shuffle');
      await pause(500);
    }
    await page.click('#filter');
    await page.keyboard.type('waln', { delay: 80 });
    await pause(300);
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Backspace');
    await scroll(page, script.scrollSteps, 600);
    for (let i = 0; i < 5; i++) await page.locator('#list li input').nth(30 + i * 7).click();
    await scroll(page, script.scrollSteps, -600);
    const first = await readPage(page, cdp);

    await Promise.all([page.waitForURL('**/app/form', { waitUntil: 'load' }), page.click('#to-form')]);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    // Read right after the navigation too, so a counter restarted by a new renderer is noticed.
    const atSecondLoad = await readPage(page, cdp);
    await pause(700);
    for (const field of ['#field-0', '#field-1', '#field-4']) {
      await page.click(field);
      await page.keyboard.type('Ada Lovelace', { delay: 50 });
    }
    await page.click('#comment');
    await page.keyboard.type('Deliver after 6pm', { delay: 40 });
    for (let i = 0; i < script.appends; i++) {
      await page.click('#add-rows');
      await pause(400);
    }
    await scroll(page, script.scrollSteps, 500);
    await pause(1000);
    const second = await readPage(page, cdp);
    const sessionMs = Date.now() - started;

    await cdp.send('HeapProfiler.collectGarbage');
    const { metrics: afterGc } = await cdp.send('Performance.getMetrics');
    const heapUsedBytes = afterGc.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;

    await page.goto(`${origin}/app/end`, { waitUntil: 'load' });
    await pause(settleMs);

    const seconds = (name: string) => sumCumulativeReadings([first, atSecondLoad, second].map((reading) => reading.metrics[name] ?? 0)) * 1000;
    return {
      sessionMs,
      taskMs: seconds('TaskDuration'),
      scriptMs: seconds('ScriptDuration'),
      layoutMs: seconds('LayoutDuration'),
      recalcStyleMs: seconds('RecalcStyleDuration'),
      longTasks: first.longTasks.count + second.longTasks.count,
      longTaskMs: first.longTasks.total + second.longTasks.total,
      heapUsedBytes,
    };
  } finally {
    await context.close();
  }
}
