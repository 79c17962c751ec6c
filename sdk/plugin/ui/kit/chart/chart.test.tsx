// @vitest-environment happy-dom
import type { AxisLabelsFormatterContextObject, Options, XAxisOptions } from 'highcharts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, renderPage } from '../../../testing-ui.js';
import { Chart } from './chart.js';
import { kitChartOptions } from './chart-options.js';

// Highcharts needs layout happy-dom does not do: the stand-in keeps the options it is handed.
const rendered: Options[] = [];
vi.mock('highcharts-react-official', () => ({
  HighchartsReact: ({ options }: { options: Options }) => {
    rendered.push(options);
    return <div data-testid="highcharts" />;
  },
}));

afterEach(() => {
  cleanup();
  rendered.length = 0;
});

const DAY = 86_400_000;
const START = Date.UTC(2026, 10, 14);
const label = (options: Options, value: number) => {
  const axis = (Array.isArray(options.xAxis) ? options.xAxis[0] : options.xAxis) as XAxisOptions;
  return axis.labels!.formatter!.call({ value } as AxisLabelsFormatterContextObject, {} as AxisLabelsFormatterContextObject);
};

describe('the chart options', () => {
  it('turn animation and credits off, keeping what the caller set', () => {
    const options = kitChartOptions({ chart: { type: 'column', height: 160, animation: true }, plotOptions: { series: { animation: true, cursor: 'pointer' } }, credits: { enabled: true }, title: { text: 'Sessions' } });
    expect(options.chart).toEqual({ type: 'column', height: 160, animation: false });
    expect(options.plotOptions?.series).toEqual({ animation: false, cursor: 'pointer' });
    expect(options.credits).toEqual({ enabled: true });
    expect(options.accessibility).toEqual({ enabled: false });
    expect(options.title).toEqual({ text: 'Sessions' });
    expect(kitChartOptions({}).credits).toEqual({ enabled: false });
  });

  it("label a time axis by the spec's rule for the period, in the viewer timezone", () => {
    const day = kitChartOptions({ xAxis: { tickInterval: 3_600_000 } }, { timezone: 'Europe/Berlin', startDate: START, endDate: START + DAY });
    expect((day.xAxis as XAxisOptions).type).toBe('datetime');
    expect((day.xAxis as XAxisOptions).tickInterval).toBe(3_600_000);
    expect(label(day, Date.UTC(2026, 10, 14, 13))).toBe('14:00');
    const week = kitChartOptions({}, { timezone: 'UTC', startDate: START, endDate: START + 7 * DAY });
    expect(label(week, START)).toBe('Sat');
    const month = kitChartOptions({ xAxis: [{}, { title: { text: 'second' } }] }, { timezone: 'UTC', startDate: START, endDate: START + 30 * DAY });
    expect(label(month, START)).toBe('14/11');
    expect((month.xAxis as XAxisOptions[])[1]).toEqual({ title: { text: 'second' } });
  });
});

describe('the chart', () => {
  it('hands Highcharts the options with the kit rules', () => {
    const { container } = renderPage(<Chart testId="trend" options={{ series: [{ type: 'line', data: [1, 2] }] }} timeAxis={{ timezone: 'UTC', startDate: START, endDate: START + DAY }} />);
    expect(container.querySelector('[data-testid="trend"] [data-testid="highcharts"]')).not.toBeNull();
    const options = rendered.at(-1)!;
    expect(options.chart?.animation).toBe(false);
    expect(options.series).toEqual([{ type: 'line', data: [1, 2] }]);
    expect(label(options, START)).toBe('00:00');
  });
});
