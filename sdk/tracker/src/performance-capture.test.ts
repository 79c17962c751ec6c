import { describe, expect, it } from 'vitest';
import { computeTimings, cpuBusyPercent } from './performance-capture';

const nav = {
  startTime: 0,
  requestStart: 20,
  responseStart: 120,
  responseEnd: 200,
  domInteractive: 500,
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
    ]);
    expect(t).toEqual({
      ttfb: 120,
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
