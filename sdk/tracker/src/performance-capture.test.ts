import { afterEach, describe, expect, it, vi } from 'vitest';
import { computeTimings, cpuBusyPercent, installPerformanceCapture, measureFps } from './performance-capture';
import type { PerformanceEvent } from './protocol';

const nav = {
  startTime: 0,
  requestStart: 20,
  responseStart: 120,
  responseEnd: 200,
  domInteractive: 500,
  domContentLoadedEventStart: 610,
  domContentLoadedEventEnd: 650,
  domComplete: 1_400,
  loadEventEnd: 1_450,
};

describe('computeTimings', () => {
  it('derives navigation timings and estimates speed index and TTI', () => {
    const t = computeTimings(nav, 700, 1_300, [
      { startTime: 900, duration: 200 },
      { startTime: 2_000, duration: 100 },
      { startTime: 9_000, duration: 300 },
    ], 640);
    expect(t).toEqual({
      ttfb: 120,
      // The document: requested at 20 ms, last byte at 200 ms; DOMContentLoaded ran from 610 to 650 ms.
      responseTime: 180,
      responseEnd: 200,
      domContentLoadedStart: 610,
      firstPaint: 640,
      domContentLoaded: 650,
      domComplete: 1_400,
      load: 1_450,
      domBuilding: 300,
      firstContentfulPaint: 700,
      largestContentfulPaint: 1_300,
      speedIndex: 1_000,
      // The task at 9 s comes after 5 s of quiet: the page was interactive at 2.1 s.
      timeToInteractive: 2_100,
    });
  });

  it('leaves out what the browser did not give', () => {
    expect(computeTimings(undefined, undefined, undefined, [])).toEqual({});
    expect(computeTimings({ ...nav, loadEventEnd: 0 }, undefined, undefined, [])).not.toHaveProperty('load');
  });
});

describe('cpuBusyPercent', () => {
  it('is the share of the window spent in long tasks', () => {
    expect(cpuBusyPercent([{ startTime: 0, duration: 500 }, { startTime: 4_900, duration: 1_000 }], 0, 5_000)).toBe(12);
    expect(cpuBusyPercent([], 0, 5_000)).toBe(0);
    expect(cpuBusyPercent([{ startTime: 0, duration: 10_000 }], 0, 5_000)).toBe(100);
  });
});

/** Animation frames driven by the test: `tick(ms)` runs the frames requested so far at time `ms`. */
function fakeFrames() {
  let queued = new Map<number, (t: number) => void>();
  let next = 1;
  return {
    requested: 0,
    requestAnimationFrame(cb: (t: number) => void) {
      this.requested += 1;
      queued.set(next, cb);
      return next++;
    },
    cancelAnimationFrame(handle: number) {
      queued.delete(handle);
    },
    get pending() {
      return queued.size;
    },
    tick(time: number) {
      const now = queued;
      queued = new Map();
      for (const cb of now.values()) cb(time);
    },
  };
}

describe('measureFps', () => {
  it('counts frames over the window by their timestamps', () => {
    const frames = fakeFrames();
    const done = vi.fn();
    measureFps(frames, 1000, done);
    // 31 frames 1000/30 ms apart: 30 intervals in one second.
    for (let i = 0; i <= 30; i++) frames.tick(100 + (i * 1000) / 30);
    expect(done).toHaveBeenCalledWith(30);
    expect(frames.pending).toBe(0);
  });

  it('reports a slow page, and stops requesting frames once done', () => {
    const frames = fakeFrames();
    const done = vi.fn();
    measureFps(frames, 1000, done);
    for (const t of [0, 400, 800, 1200]) frames.tick(t);
    // 3 frame intervals in 1.2 s.
    expect(done).toHaveBeenCalledWith(3);
    const requested = frames.requested;
    frames.tick(1300);
    expect(frames.requested).toBe(requested);
  });

  it('can be cancelled (the tab hid and frames stopped)', () => {
    const frames = fakeFrames();
    const done = vi.fn();
    const cancel = measureFps(frames, 1000, done);
    frames.tick(0);
    cancel();
    expect(frames.pending).toBe(0);
    frames.tick(2000);
    expect(done).not.toHaveBeenCalled();
  });
});

describe('installPerformanceCapture samples', () => {
  afterEach(() => vi.useRealTimers());

  function fakeWindow(visibility: 'visible' | 'hidden') {
    const frames = fakeFrames();
    const win = {
      ...frames,
      requestAnimationFrame: frames.requestAnimationFrame.bind(frames),
      cancelAnimationFrame: frames.cancelAnimationFrame.bind(frames),
      performance: { now: () => Date.now() },
      document: { visibilityState: visibility, readyState: 'loading' },
      location: { href: 'https://shop.example.test/' },
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    };
    return { win: win as unknown as Window & typeof globalThis, frames };
  }

  it('sends the frame rate measured just before each sample while the page is visible', () => {
    vi.useFakeTimers();
    const { win, frames } = fakeWindow('visible');
    const samples: PerformanceEvent[] = [];
    const capture = installPerformanceCapture(win, { ingestPoint: 'https://ingest.test', sampleMs: 5000, now: () => 1, emitTimings: () => undefined, emitResource: () => undefined, emitSample: (s) => samples.push(s) });
    // Nothing is measured between samples.
    vi.advanceTimersByTime(4999);
    expect(frames.requested).toBe(0);
    vi.advanceTimersByTime(1);
    for (let i = 0; i <= 60; i++) frames.tick((i * 1000) / 60);
    expect(samples).toEqual([{ type: 'performance', ts: 1, cpu: 0, fps: 60 }]);
    capture.dispose();
  });

  it('measures nothing while the page is hidden', () => {
    vi.useFakeTimers();
    const { win, frames } = fakeWindow('hidden');
    const samples: PerformanceEvent[] = [];
    const capture = installPerformanceCapture(win, { ingestPoint: 'https://ingest.test', sampleMs: 5000, now: () => 1, emitTimings: () => undefined, emitResource: () => undefined, emitSample: (s) => samples.push(s) });
    vi.advanceTimersByTime(20_000);
    expect(frames.requested).toBe(0);
    expect(samples).toEqual([]);
    capture.dispose();
  });

  it('drops a measurement that never ended when the next sample is due, and on dispose', () => {
    vi.useFakeTimers();
    const { win, frames } = fakeWindow('visible');
    const capture = installPerformanceCapture(win, { ingestPoint: 'https://ingest.test', sampleMs: 5000, now: () => 1, emitTimings: () => undefined, emitResource: () => undefined, emitSample: () => undefined });
    vi.advanceTimersByTime(5000);
    expect(frames.pending).toBe(1);
    vi.advanceTimersByTime(5000);
    expect(frames.pending).toBe(1); // the old one cancelled, a new one started
    capture.dispose();
    expect(frames.pending).toBe(0);
  });
});
