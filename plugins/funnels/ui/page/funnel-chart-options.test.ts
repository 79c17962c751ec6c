import { describe, expect, it, vi } from 'vitest';
import type { PointOptionsObject, PointClickEventObject, SeriesColumnOptions } from 'highcharts';
import { CHECKOUT_STAGES } from '../../testing/ui-fixtures.js';
import { funnelChartOptions, stageTooltip } from './funnel-chart-options.js';
import { significanceLines } from './significance.js';
import { issue, MINOR_ERRORS_ISSUE } from '../../testing/ui-fixtures.js';

describe("the funnel's chart", () => {
  it('stacks the sessions lost since the previous step on the sessions of each step', () => {
    const options = funnelChartOptions(CHECKOUT_STAGES, { span: null, picked: [] });
    const [dropped, sessions] = options.series as SeriesColumnOptions[];
    expect(options.chart?.type).toBe('column');
    expect(options.plotOptions?.column?.stacking).toBe('normal');
    expect(options.xAxis).toMatchObject({ categories: ['Step 1', 'Step 2', 'Step 3'] });
    expect(dropped!.name).toBe('Dropped');
    expect(dropped!.data).toEqual([0, 400, 360]);
    expect((sessions!.data as PointOptionsObject[]).map((p) => p.y)).toEqual([1000, 600, 240]);
  });

  it('pales the stages outside the span and marks a picked one', () => {
    const options = funnelChartOptions(CHECKOUT_STAGES, { span: { firstStage: 2, lastStage: 3 }, picked: [1] });
    const points = (options.series![1] as SeriesColumnOptions).data as PointOptionsObject[];
    expect(points.map((p) => p.color)).toEqual(['#c7d2fe', '#4f46e5', '#4f46e5']);
    expect(points.map((p) => p.borderWidth)).toEqual([2, 0, 0]);
  });

  it('picks the stage of a clicked column', () => {
    const onPick = vi.fn();
    const options = funnelChartOptions(CHECKOUT_STAGES, { span: null, picked: [] }, onPick);
    const click = options.plotOptions!.series!.point!.events!.click as (this: unknown, event: PointClickEventObject) => void;
    click.call(null, { point: { index: 2 } } as PointClickEventObject);
    expect(onPick).toHaveBeenCalledWith(3);
  });

  it("tells a stage's header, counts and drop on hover", () => {
    expect(stageTooltip(CHECKOUT_STAGES[1])).toBe('<b>Step 2</b>: Visited URL is /checkout<br/>600 sessions, 500 users<br/>400 dropped (40 %) since the previous step');
    expect(stageTooltip({ ...CHECKOUT_STAGES[0]!, header: 'Clicked on <b>' })).toContain('Clicked on &lt;b&gt;');
  });
});

describe("an issue's significance", () => {
  it('tells the adjusted p-value, the test and the 95 % interval', () => {
    expect(significanceLines(issue().significance)).toEqual([
      'p-value (adjusted): 0.001',
      "Test: Fisher's exact test",
      '95 % confidence interval: +13.9 to +24.9 points of conversion without the issue',
    ]);
    expect(significanceLines({ ...MINOR_ERRORS_ISSUE.significance, adjustedPValue: 0.0004 })).toEqual([
      'p-value (adjusted): < 0.001',
      'Test: Two-proportion z-test',
      '95 % confidence interval: -10.5 to +30.2 points of conversion without the issue',
    ]);
  });
});
