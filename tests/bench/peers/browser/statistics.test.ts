import { describe, expect, it } from 'vitest';
import { interleavedOrder, median, overhead, perMinute, ratio, rounded, sumCumulativeReadings } from './statistics.js';

describe('browser bench statistics', () => {
  it('takes the middle sample, or the mean of the two middle ones', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
    expect(() => median([])).toThrow('no samples');
  });

  it('gives no ratio against zero or a missing figure', () => {
    expect(ratio(30, 10)).toBe(3);
    expect(ratio(5, 0)).toBeNull();
    expect(ratio(null, 10)).toBeNull();
    expect(ratio(10, null)).toBeNull();
  });

  it('counts the overhead above the baseline, floored at zero', () => {
    expect(overhead(1500, 1000)).toBe(500);
    expect(overhead(990, 1000)).toBe(0);
    expect(overhead(null, 1000)).toBeNull();
  });

  it('scales a total to one minute of the session', () => {
    expect(perMinute(100, 30_000)).toBe(200);
    expect(perMinute(10, 120_000)).toBe(5);
    expect(() => perMinute(1, 0)).toThrow('positive');
  });

  it('adds cumulative readings across pages, restarting when a counter went back to zero', () => {
    expect(sumCumulativeReadings([2, 5])).toBe(5);
    expect(sumCumulativeReadings([4, 1.5])).toBe(5.5);
    expect(sumCumulativeReadings([3, 7, 2, 4])).toBe(11);
    expect(sumCumulativeReadings([])).toBe(0);
  });

  it('rotates the variant order on each repetition', () => {
    const variants = ['none', 'rrweb', 'ours'];
    expect(interleavedOrder(variants, 0)).toEqual(['none', 'rrweb', 'ours']);
    expect(interleavedOrder(variants, 1)).toEqual(['rrweb', 'ours', 'none']);
    expect(interleavedOrder(variants, 3)).toEqual(['none', 'rrweb', 'ours']);
  });

  it('rounds for printing and leaves what was not measured empty', () => {
    expect(rounded(1.23456, 2)).toBe(1.23);
    expect(rounded(null, 1)).toBeNull();
    expect(rounded(Number.NaN, 1)).toBeNull();
  });
});
