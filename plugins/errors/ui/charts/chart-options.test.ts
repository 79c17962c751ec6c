import { describe, expect, it } from 'vitest';
import { occurrenceChartOptions, sparklineOptions } from './chart-options.js';

const chart = [
  { timestamp: 1_000, count: 2 },
  { timestamp: 2_000, count: 5 },
];

describe('chart options', () => {
  it('plots each bucket as a column', () => {
    expect((sparklineOptions(chart, 'UTC').series![0] as { data: unknown }).data).toEqual([[1_000, 2], [2_000, 5]]);
    const detail = occurrenceChartOptions('Past 24 Hours', chart, 'hour', 'UTC');
    expect(detail.title?.text).toBe('Past 24 Hours');
    expect((detail.series![0] as { data: unknown }).data).toEqual([[1_000, 2], [2_000, 5]]);
  });
});
