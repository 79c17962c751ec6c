import { describe, expect, it } from 'vitest';
import { buildPerformanceSeries, pageLoadTimings } from './performance-series.js';
import { sessionFixture } from '../../../testing/session-fixture.js';

const session = sessionFixture();

describe('buildPerformanceSeries', () => {
  it('builds CPU %, memory in MB (bytes / 1048576) and FPS over session time', () => {
    expect(buildPerformanceSeries(session.performance)).toEqual({
      cpu: [[0, 35], [10_000, 62], [30_000, 91]],
      memory: [[0, 30], [10_000, 40], [30_000, 50]],
      fps: [[0, 58], [10_000, 44], [30_000, 21]],
    });
  });

  it('orders samples by time and rounds memory to a tenth of a MB', () => {
    const series = buildPerformanceSeries([
      { time: 2000, timestamp: 2, cpu: 10, memoryUsed: 1_572_864, memoryTotal: null, fps: null },
      { time: 1000, timestamp: 1, cpu: 5, memoryUsed: 1_100_000, memoryTotal: null, fps: 60 },
    ]);
    expect(series.cpu).toEqual([[1000, 5], [2000, 10]]);
    expect(series.memory).toEqual([[1000, 1], [2000, 1.5]]);
    expect(series.fps).toEqual([[1000, 60]]);
  });

  it('is empty without samples', () => {
    expect(buildPerformanceSeries([])).toEqual({ cpu: [], memory: [], fps: [] });
  });
});

describe('pageLoadTimings', () => {
  it('lists the timings of page views that have them', () => {
    expect(pageLoadTimings(session.events)).toEqual([
      { key: '1:0', time: 0, url: 'https://shop.test/', ttfb: 180, domContentLoaded: 940, load: 1840, fcp: 620, lcp: 1210 },
      { key: '2:0', time: 12_900, url: 'https://shop.test/products/espresso-machine', ttfb: 240, domContentLoaded: 1120, load: 2350, fcp: 480, lcp: 1960 },
    ]);
  });
});
