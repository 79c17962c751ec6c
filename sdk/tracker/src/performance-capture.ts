import type { PageTimings, PerformanceEvent, ResourceEvent } from './protocol';
import { installResourceCapture } from './resource-capture';

const TTI_QUIET_MS = 5_000;
/** Frames are counted this long before each sample: long enough for a stable rate, short enough to cost nothing. */
export const FPS_WINDOW_MS = 1_000;

interface NavLike {
  startTime: number;
  requestStart: number;
  responseStart: number;
  responseEnd: number;
  domInteractive: number;
  domContentLoadedEventStart: number;
  domContentLoadedEventEnd: number;
  domComplete: number;
  loadEventEnd: number;
}

export interface LongTask {
  startTime: number;
  duration: number;
}

function positive(v: number | undefined): number | undefined {
  return v !== undefined && Number.isFinite(v) && v > 0 ? Math.round(v) : undefined;
}

/**
 * Page timings in ms from navigation start. Speed index and time to interactive are estimates
 * (browsers do not expose them): speed index as the mean of first and largest paint (visual
 * progress between the two), TTI as the end of the last long task before a 5 s quiet window
 * after first paint, and never before DOMContentLoaded.
 */
export function computeTimings(nav: NavLike | undefined, fcp: number | undefined, lcp: number | undefined, longTasks: LongTask[], firstPaint?: number): PageTimings {
  const t: PageTimings = {};
  const set = (k: keyof PageTimings, v: number | undefined) => {
    const p = positive(v);
    if (p !== undefined) t[k] = p;
  };
  if (nav) {
    set('ttfb', nav.responseStart - nav.startTime);
    set('domContentLoaded', nav.domContentLoadedEventEnd - nav.startTime);
    set('domComplete', nav.domComplete - nav.startTime);
    set('load', nav.loadEventEnd - nav.startTime);
    set('domBuilding', nav.domInteractive - nav.responseEnd);
    set('responseTime', nav.responseEnd - nav.requestStart);
    set('responseEnd', nav.responseEnd - nav.startTime);
    set('domContentLoadedStart', nav.domContentLoadedEventStart - nav.startTime);
  }
  set('firstPaint', firstPaint);
  set('firstContentfulPaint', fcp);
  set('largestContentfulPaint', lcp);
  if (fcp !== undefined) set('speedIndex', lcp !== undefined ? (fcp + lcp) / 2 : fcp);
  if (fcp !== undefined || nav) {
    let tti = Math.max(fcp ?? 0, nav ? nav.domContentLoadedEventEnd - nav.startTime : 0);
    for (const task of [...longTasks].sort((a, b) => a.startTime - b.startTime)) {
      if (task.startTime - tti >= TTI_QUIET_MS) break;
      tti = Math.max(tti, task.startTime + task.duration);
    }
    set('timeToInteractive', tti);
  }
  return t;
}

/** Share of a window the main thread spent in long tasks, 0-100. */
export function cpuBusyPercent(tasks: LongTask[], from: number, to: number): number {
  const span = to - from;
  if (span <= 0) return 0;
  let busy = 0;
  for (const t of tasks) busy += Math.max(0, Math.min(to, t.startTime + t.duration) - Math.max(from, t.startTime));
  return Math.min(100, Math.round((busy / span) * 100));
}

export interface FrameClock {
  requestAnimationFrame(cb: (time: number) => void): number;
  cancelAnimationFrame(handle: number): void;
}

/**
 * Counts animation frames for `windowMs` (by the frames' own timestamps) and answers frames per
 * second. Browsers stop animation frames in hidden tabs, so a measurement may never finish:
 * the returned function cancels it, and no frame is requested after it finished or was cancelled.
 */
export function measureFps(clock: FrameClock, windowMs: number, done: (fps: number) => void): () => void {
  let first: number | undefined;
  let frames = 0;
  let handle = 0;
  let active = true;
  const onFrame = (time: number) => {
    if (!active) return;
    if (first === undefined) first = time;
    else frames += 1;
    const elapsed = time - first;
    if (elapsed >= windowMs) {
      active = false;
      done(Math.round((frames * 1000) / elapsed));
      return;
    }
    handle = clock.requestAnimationFrame(onFrame);
  };
  handle = clock.requestAnimationFrame(onFrame);
  return () => {
    if (active) clock.cancelAnimationFrame(handle);
    active = false;
  };
}

export interface PerformanceCaptureDeps {
  ingestPoint: string;
  sampleMs: number;
  now: () => number;
  emitTimings: (timings: PageTimings) => void;
  emitResource: (e: ResourceEvent) => void;
  emitSample: (e: PerformanceEvent) => void;
}

type Observer = { disconnect(): void };

function observe(win: Window & typeof globalThis, type: string, cb: (entries: PerformanceEntry[]) => void): Observer | null {
  const PO = win.PerformanceObserver;
  if (typeof PO !== 'function' || !PO.supportedEntryTypes?.includes(type)) return null;
  try {
    const o = new PO((list) => cb(list.getEntries()));
    o.observe({ type, buffered: true } as PerformanceObserverInit);
    return o;
  } catch {
    return null;
  }
}

/**
 * Page timings (sent once, after load has settled or when the page hides), resource timings
 * (resource-capture.ts), and periodic CPU / memory / FPS samples while the page is visible.
 */
export function installPerformanceCapture(win: Window & typeof globalThis, deps: PerformanceCaptureDeps): { flushTimings: () => void; dispose: () => void } {
  const perf = win.performance;
  const observers: Array<Observer | null> = [];
  const longTasks: LongTask[] = [];
  let fcp: number | undefined;
  let lcp: number | undefined;
  let firstPaint: number | undefined;
  let timingsSent = false;

  observers.push(observe(win, 'paint', (entries) => {
    for (const e of entries) {
      if (e.name === 'first-contentful-paint') fcp = e.startTime;
      else if (e.name === 'first-paint') firstPaint = e.startTime;
    }
  }));
  observers.push(observe(win, 'largest-contentful-paint', (entries) => {
    const last = entries[entries.length - 1];
    if (last) lcp = last.startTime;
  }));
  observers.push(observe(win, 'longtask', (entries) => {
    for (const e of entries) longTasks.push({ startTime: e.startTime, duration: e.duration });
    // Only the recent past matters for samples; the start of the page matters for TTI.
    if (longTasks.length > 500) longTasks.splice(50, longTasks.length - 450);
  }));

  observers.push({ disconnect: installResourceCapture(win, deps.ingestPoint, deps.now, deps.emitResource) });

  const flushTimings = () => {
    if (timingsSent) return;
    timingsSent = true;
    const nav = perf?.getEntriesByType?.('navigation')?.[0] as unknown as NavLike | undefined;
    if (fcp === undefined) fcp = perf?.getEntriesByName?.('first-contentful-paint')?.[0]?.startTime;
    if (firstPaint === undefined) firstPaint = perf?.getEntriesByName?.('first-paint')?.[0]?.startTime;
    deps.emitTimings(computeTimings(nav, fcp, lcp, longTasks, firstPaint));
  };
  let timingTimer: ReturnType<typeof setTimeout> | undefined;
  const afterLoad = () => {
    // LCP keeps changing until the user interacts; a few seconds after load it has mostly settled.
    timingTimer = setTimeout(flushTimings, 3_000);
  };
  if (win.document.readyState === 'complete') afterLoad();
  else win.addEventListener('load', afterLoad, { once: true });

  let lastSample = perf?.now?.() ?? 0;
  const takeSample = (fps?: number) => {
    const t = perf?.now?.() ?? 0;
    const sample: PerformanceEvent = { type: 'performance', ts: deps.now(), cpu: cpuBusyPercent(longTasks, lastSample, t) };
    lastSample = t;
    const memory = (perf as Performance & { memory?: { usedJSHeapSize: number; totalJSHeapSize: number } }).memory;
    if (memory) {
      sample.memoryUsed = memory.usedJSHeapSize;
      sample.memoryTotal = memory.totalJSHeapSize;
    }
    if (fps !== undefined) sample.fps = fps;
    deps.emitSample(sample);
  };
  // Frames are counted only for a short window before each sample, and only while the page is
  // visible: no animation-frame loop runs the rest of the time. A window the page hid during
  // never ends; the next tick drops it, like any sample of a hidden page.
  let cancelFps: (() => void) | undefined;
  const sampler = setInterval(() => {
    cancelFps?.();
    cancelFps = undefined;
    if (win.document.visibilityState === 'hidden') return;
    if (typeof win.requestAnimationFrame !== 'function') return takeSample();
    cancelFps = measureFps(win, Math.min(FPS_WINDOW_MS, deps.sampleMs / 2), (fps) => {
      cancelFps = undefined;
      takeSample(fps);
    });
  }, deps.sampleMs);

  return {
    flushTimings,
    dispose: () => {
      clearInterval(sampler);
      cancelFps?.();
      if (timingTimer) clearTimeout(timingTimer);
      win.removeEventListener('load', afterLoad);
      for (const o of observers) o?.disconnect();
    },
  };
}
