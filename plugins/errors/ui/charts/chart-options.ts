import type { Options } from 'highcharts';
import type { ChartPoint } from '../../api.js';
import { formatBucket } from '../format/time.js';

const COLOR = '#d92d20';

const points = (chart: readonly ChartPoint[]) => chart.map((p) => [p.timestamp, p.count] as [number, number]);

/** The list's small 30-day chart: columns only, no axes, no interaction but a tooltip. */
export function sparklineOptions(chart: readonly ChartPoint[], timezone: string): Options {
  return {
    chart: { type: 'column', height: 32, width: 120, animation: false, backgroundColor: 'transparent', spacing: [0, 0, 0, 0], margin: [2, 0, 2, 0] },
    accessibility: { enabled: false },
    credits: { enabled: false },
    legend: { enabled: false },
    title: { text: undefined },
    xAxis: { type: 'datetime', visible: false },
    yAxis: { visible: false, min: 0 },
    tooltip: {
      outside: true,
      formatter() {
        return `${formatBucket(Number(this.x), timezone, 'day')}: <b>${Number(this.y)}</b>`;
      },
    },
    plotOptions: { column: { pointPadding: 0.05, groupPadding: 0, borderWidth: 0, animation: false } },
    series: [{ type: 'column', name: 'Occurrences', color: COLOR, data: points(chart) }],
  };
}

/** The detail's charts: "Past 24 Hours" by hour, "Past 30 Days" by day. */
export function occurrenceChartOptions(title: string, chart: readonly ChartPoint[], granularity: 'hour' | 'day', timezone: string): Options {
  return {
    chart: { type: 'column', height: 160, animation: false, spacing: [8, 8, 8, 8] },
    accessibility: { enabled: false },
    credits: { enabled: false },
    legend: { enabled: false },
    title: { text: title, align: 'left', style: { fontSize: '13px', fontWeight: '600' } },
    xAxis: {
      type: 'datetime',
      labels: {
        formatter() {
          return formatBucket(Number(this.value), timezone, granularity);
        },
      },
    },
    yAxis: { title: { text: undefined }, min: 0, allowDecimals: false },
    tooltip: {
      formatter() {
        return `${formatBucket(Number(this.x), timezone, granularity)}: <b>${Number(this.y)}</b> occurrences`;
      },
    },
    plotOptions: { column: { pointPadding: 0.05, groupPadding: 0.05, borderWidth: 0, animation: false } },
    series: [{ type: 'column', name: 'Occurrences', color: COLOR, data: points(chart) }],
  };
}
