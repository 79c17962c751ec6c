import { describe, expect, it } from 'vitest';
import type { SeriesLineOptions, SeriesPieOptions } from 'highcharts';
import { tableChart, timeseriesChart } from '../../testing/ui-fixtures.js';
import { changePercent, formatValue } from './catalogue-answer.js';
import { pieChartOptions, pieSlices } from './pie-chart-options.js';
import { progressRows, seriesChartOptions } from './series-chart-options.js';
import { truncate } from './truncate.js';

const DAY = 86_400_000;

describe('chart options', () => {
  it('draws one line per series, and the compare period dashed over the main buckets', () => {
    const main = timeseriesChart(10 * DAY, ['Cart', 'Pay'], [[1, 2, 3], [0, 1, 1]]);
    const compared = timeseriesChart(7 * DAY, ['Cart', 'Pay'], [[4, 5, 6], [2, 2, 2]]);
    const series = seriesChartOptions({ chart: main, compared, height: 240 }).series as SeriesLineOptions[];
    expect(series.map((s) => [s.name, s.dashStyle ?? 'Solid'])).toEqual([
      ['Cart', 'Solid'],
      ['Pay', 'Solid'],
      ['Cart (compared)', 'Dash'],
      ['Pay (compared)', 'Dash'],
    ]);
    expect(series[2]!.data).toEqual([
      { x: 10 * DAY, y: 4, comparedAt: 7 * DAY },
      { x: 11 * DAY, y: 5, comparedAt: 8 * DAY },
      { x: 12 * DAY, y: 6, comparedAt: 9 * DAY },
    ]);
    expect(series[0]!.color).toBe(series[2]!.color);
    expect(progressRows(main, compared)).toEqual([
      { name: 'Cart', total: 6, share: 100, previous: 15 },
      { name: 'Pay', total: 2, share: 33, previous: 6 },
    ]);
  });

  it('a pie shows the top 5 with names cut at 20 and the rest as Others; labels under 3 % are hidden', () => {
    const chart = tableChart([['A very long browser name here', 50], ['B', 20], ['C', 10], ['D', 8], ['E', 6], ['F', 4], ['G', 2]]);
    expect(pieSlices(chart).map((s) => [s.name, s.y, s.key])).toEqual([
      ['A very long browser …', 50, 'A very long browser name here'],
      ['B', 20, 'B'],
      ['C', 10, 'C'],
      ['D', 8, 'D'],
      ['E', 6, 'E'],
      ['Others', 6, null],
    ]);
    const options = pieChartOptions(chart, 240);
    const formatter = (options.plotOptions!.pie!.dataLabels as { formatter: (this: unknown) => string | null }).formatter;
    expect(formatter.call({ percentage: 2.9, name: 'tiny' })).toBeNull();
    expect(formatter.call({ percentage: 3, name: 'ok' })).toBe('ok');
    expect((options.series![0] as SeriesPieOptions).type).toBe('pie');
  });

  it('formats catalogue values and truncates text at 10 by default', () => {
    expect(truncate('Checkout page')).toBe('Checkout p…');
    expect(truncate('short')).toBe('short');
    expect([formatValue(1234.5, 'ms'), formatValue(12.34, 'percent'), formatValue(3_145_728, 'bytes'), formatValue(null, 'ms')]).toEqual(['1,235 ms', '12.3 %', '3 MB', '—']);
    expect([changePercent(120, 100), changePercent(80, 100), changePercent(5, 0)]).toEqual([20, -20, null]);
  });
});
