import { describe, expect, it } from 'vitest';
import { formatTable, percentile } from './latency.js';

describe('percentile', () => {
  it('takes the nearest rank, whatever the order of the samples', () => {
    const samples = [9, 1, 8, 2, 7, 3, 6, 4, 5, 10];
    expect(percentile(samples, 50)).toBe(5);
    expect(percentile(samples, 95)).toBe(10);
    expect(percentile(samples, 10)).toBe(1);
    expect(percentile([42], 95)).toBe(42);
  });

  it('refuses no samples and percentiles outside (0, 100]', () => {
    expect(() => percentile([], 50)).toThrow(/no samples/);
    expect(() => percentile([1], 0)).toThrow(/percentile/);
    expect(() => percentile([1], 101)).toThrow(/percentile/);
  });
});

describe('formatTable', () => {
  it('pads columns and right-aligns numbers', () => {
    expect(formatTable(['search', 'p50 ms'], [['all', 12.5], ['browser is Chrome', 1234]])).toBe(
      ['search            | p50 ms', '------------------|-------', 'all               |   12.5', 'browser is Chrome |  1,234'].join('\n'),
    );
  });
});
