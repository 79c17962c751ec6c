import { describe, expect, it } from 'vitest';
import type { PointOptionsObject, SeriesColumnOptions } from 'highcharts';
import { issueMeterLevel, issueMeterOptions, issueMeterText } from './issue-meter-level.js';

describe('the issue meter', () => {
  it("says Good with no critical issue, Few Issues under 3, Many Issues from 3", () => {
    expect([0, 1, 2, 3, 7].map(issueMeterText)).toEqual(['Good', 'Few Issues', 'Few Issues', 'Many Issues', 'Many Issues']);
    expect([0, 2, 3].map(issueMeterLevel)).toEqual(['good', 'few', 'many']);
  });

  it('draws a 90 by 30 chart, lit up to its level', () => {
    const lit = (count: number) => {
      const options = issueMeterOptions(count);
      expect(options.chart).toMatchObject({ width: 90, height: 30 });
      return ((options.series![0] as SeriesColumnOptions).data as PointOptionsObject[]).map((p) => p.color !== '#e4e7ec');
    };
    expect(lit(0)).toEqual([true, false, false]);
    expect(lit(2)).toEqual([true, true, false]);
    expect(lit(5)).toEqual([true, true, true]);
  });
});
