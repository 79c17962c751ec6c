import type { Point, Tooltip, TooltipOptions } from 'highcharts';
import { describe, expect, it } from 'vitest';
import { occurrenceChartOptions, occurrenceTimeAxis, sparklineOptions } from './chart-options.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// Saturday 21 Nov 2026, 23:00 UTC: already Sunday in Berlin.
const LATE = Date.UTC(2026, 10, 21, 23);

const chart = [
  { timestamp: 1_000, count: 2 },
  { timestamp: 2_000, count: 5 },
];

const tooltip = (options: { tooltip?: TooltipOptions }, x: number, y: number) =>
  options.tooltip!.formatter!.call({ x, y } as Point, {} as Tooltip);

describe('chart options', () => {
  it('plots each bucket as a column', () => {
    expect((sparklineOptions(chart, 'UTC').series![0] as { data: unknown }).data).toEqual([[1_000, 2], [2_000, 5]]);
    const detail = occurrenceChartOptions('Past 24 Hours', chart, 'hour', 'UTC');
    expect(detail.title?.text).toBe('Past 24 Hours');
    expect((detail.series![0] as { data: unknown }).data).toEqual([[1_000, 2], [2_000, 5]]);
  });

  it("names a bucket in the tooltip by its hour or its day, in the viewer's timezone", () => {
    expect(tooltip(occurrenceChartOptions('Past 24 Hours', chart, 'hour', 'Europe/Berlin'), LATE, 3)).toBe('00:00: <b>3</b> occurrences');
    expect(tooltip(occurrenceChartOptions('Past 30 Days', chart, 'day', 'Europe/Berlin'), LATE, 4)).toBe('Nov 22, 2026: <b>4</b> occurrences');
    expect(tooltip(sparklineOptions(chart, 'UTC'), LATE, 1)).toBe('Nov 21, 2026: <b>1</b>');
  });

  it('gives the kit the period a chart covers, up to the end of its last bucket', () => {
    const lastHour = [{ timestamp: LATE, count: 1 }];
    expect(occurrenceTimeAxis(lastHour, 'hour', 'Europe/Berlin')).toEqual({ timezone: 'Europe/Berlin', startDate: LATE + HOUR - DAY, endDate: LATE + HOUR });
    const lastDays = [{ timestamp: LATE - DAY, count: 1 }, { timestamp: LATE, count: 2 }];
    expect(occurrenceTimeAxis(lastDays, 'day', 'UTC')).toEqual({ timezone: 'UTC', startDate: LATE + DAY - 30 * DAY, endDate: LATE + DAY });
    expect(occurrenceTimeAxis([], 'day', 'UTC')).toBeUndefined();
  });
});
