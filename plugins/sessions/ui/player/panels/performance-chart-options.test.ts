import type { ChartClickEventObject, PointerEventObject, PointClickEventObject, Point, XAxisOptions } from 'highcharts';
import { describe, expect, it, vi } from 'vitest';
import { CURRENT_TIME_PLOT_LINE_ID, performanceChartOptions } from './performance-chart-options.js';

const build = (overrides: Partial<Parameters<typeof performanceChartOptions>[0]> = {}) => {
  const seek = vi.fn<(time: number) => void>();
  const options = performanceChartOptions({
    title: 'Memory',
    unit: 'MB',
    data: [
      [0, 30],
      [10_000, 40],
    ],
    duration: 245_000,
    currentTime: 12_345,
    color: '#2e90fa',
    seek,
    ...overrides,
  });
  return { options, seek };
};

describe('performanceChartOptions', () => {
  it('plots the samples over the whole session', () => {
    const { options } = build();
    expect(options.series).toEqual([expect.objectContaining({ type: 'line', name: 'Memory', data: [[0, 30], [10_000, 40]] })]);
    const xAxis = options.xAxis as XAxisOptions;
    expect([xAxis.min, xAxis.max]).toEqual([0, 245_000]);
  });

  it('draws a line at the current time, kept inside the session', () => {
    const line = (currentTime: number) => (build({ currentTime }).options.xAxis as XAxisOptions).plotLines![0]!;
    expect(line(12_345)).toMatchObject({ id: CURRENT_TIME_PLOT_LINE_ID, value: 12_345 });
    expect(line(999_999).value).toBe(245_000);
  });

  it('caps CPU at 100 % only when asked', () => {
    expect(build({ yMax: 100 }).options.yAxis).toMatchObject({ min: 0, max: 100 });
    expect(build().options.yAxis).not.toHaveProperty('max');
  });

  it('seeks to the clicked time on the chart or on a point', () => {
    const { options, seek } = build();
    const chartClick = options.chart!.events!.click!;
    chartClick.call({} as never, { xAxis: [{ value: 20_400.6 }] } as unknown as ChartClickEventObject as PointerEventObject);
    expect(seek).toHaveBeenCalledWith(20_401);
    chartClick.call({} as never, { xAxis: [{ value: -50 }] } as unknown as PointerEventObject);
    expect(seek).toHaveBeenLastCalledWith(0);
    const pointClick = options.plotOptions!.series!.point!.events!.click!;
    pointClick.call({ x: 10_000 } as Point, {} as PointClickEventObject);
    expect(seek).toHaveBeenLastCalledWith(10_000);
  });
});
