import { describe, expect, it } from 'vitest';
import { ratio, throughputFigures } from './throughput.js';

describe('throughputFigures', () => {
  it('turns latencies and wall time into rates and percentiles', () => {
    const latenciesMs = Array.from({ length: 200 }, (_, i) => i + 1);
    const figures = throughputFigures({ latenciesMs, elapsedMs: 4000, events: 10_000, failures: 2 });
    expect(figures).toEqual({ batches: 200, batchesPerSecond: 50, eventsPerSecond: 2500, p50Ms: 100, p99Ms: 198, failures: 2 });
  });

  it('refuses a run without samples or without time', () => {
    expect(() => throughputFigures({ latenciesMs: [], elapsedMs: 10, events: 0, failures: 0 })).toThrow(/no samples/);
    expect(() => throughputFigures({ latenciesMs: [1], elapsedMs: 0, events: 1, failures: 0 })).toThrow(/takes some time/);
  });
});

describe('ratio', () => {
  it('compares batches per second', () => {
    const bare = throughputFigures({ latenciesMs: [1, 2], elapsedMs: 1000, events: 20, failures: 0 });
    const ours = throughputFigures({ latenciesMs: [1], elapsedMs: 1000, events: 10, failures: 0 });
    expect(ratio(ours, bare)).toBe(0.5);
  });
});
