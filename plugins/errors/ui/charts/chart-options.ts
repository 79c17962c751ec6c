import type { Options } from 'highcharts';
import { formatDate, formatTimeOfDay, type TimeAxis } from '@cassette/plugin-sdk/ui';
import type { ChartPoint } from '../../api.js';

const COLOR = '#d92d20';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The detail's two charts: 24 hourly buckets and 30 daily ones, the last ending with the current one. */
const PERIODS = { hour: { bucketMs: HOUR_MS, spanMs: DAY_MS }, day: { bucketMs: DAY_MS, spanMs: 30 * DAY_MS } } as const;

export type Granularity = keyof typeof PERIODS;

const points = (chart: readonly ChartPoint[]) => chart.map((p) => [p.timestamp, p.count] as [number, number]);

/** A bucket as its tooltip names it: the hour ("14:00") or the day ("Nov 21, 2026"), in the viewer's timezone. */
const bucketLabel = (epochMs: number, granularity: Granularity, timezone: string) =>
  granularity === 'hour' ? formatTimeOfDay(epochMs, timezone) : formatDate(epochMs, timezone);

/** The period a chart covers, up to the end of its last bucket: the kit labels the x axis by its length. */
export function occurrenceTimeAxis(chart: readonly ChartPoint[], granularity: Granularity, timezone: string): TimeAxis | undefined {
  const last = chart.at(-1);
  if (!last) return undefined;
  const { bucketMs, spanMs } = PERIODS[granularity];
  const endDate = last.timestamp + bucketMs;
  return { timezone, startDate: endDate - spanMs, endDate };
}

/** The list's small 30-day chart: columns only, no axes, no interaction but a tooltip. */
export function sparklineOptions(chart: readonly ChartPoint[], timezone: string): Options {
  return {
    chart: { type: 'column', height: 32, width: 120, backgroundColor: 'transparent', spacing: [0, 0, 0, 0], margin: [2, 0, 2, 0] },
    legend: { enabled: false },
    title: { text: undefined },
    xAxis: { type: 'datetime', visible: false },
    yAxis: { visible: false, min: 0 },
    tooltip: {
      outside: true,
      formatter() {
        return `${bucketLabel(Number(this.x), 'day', timezone)}: <b>${Number(this.y)}</b>`;
      },
    },
    plotOptions: { column: { pointPadding: 0.05, groupPadding: 0, borderWidth: 0 } },
    series: [{ type: 'column', name: 'Occurrences', color: COLOR, data: points(chart) }],
  };
}

/** The detail's charts: "Past 24 Hours" by hour, "Past 30 Days" by day; the kit's time axis labels the x axis. */
export function occurrenceChartOptions(title: string, chart: readonly ChartPoint[], granularity: Granularity, timezone: string): Options {
  return {
    chart: { type: 'column', height: 160, spacing: [8, 8, 8, 8] },
    legend: { enabled: false },
    title: { text: title, align: 'left', style: { fontSize: '13px', fontWeight: '600' } },
    xAxis: { type: 'datetime' },
    yAxis: { title: { text: undefined }, min: 0, allowDecimals: false },
    tooltip: {
      formatter() {
        return `${bucketLabel(Number(this.x), granularity, timezone)}: <b>${Number(this.y)}</b> occurrences`;
      },
    },
    plotOptions: { column: { pointPadding: 0.05, groupPadding: 0.05, borderWidth: 0 } },
    series: [{ type: 'column', name: 'Occurrences', color: COLOR, data: points(chart) }],
  };
}
