import type { ChartClickEventObject, Options, PointerEventObject } from 'highcharts';
import { formatElapsed } from '@cassette/plugin-sdk/ui';
import type { SeriesPoint } from './performance-series.js';

export const CURRENT_TIME_PLOT_LINE_ID = 'current-time';

export interface PerformanceChartInput {
  title: string;
  unit: string;
  data: SeriesPoint[];
  /** Session length in ms: the x axis spans the whole session so the three charts line up. */
  duration: number;
  currentTime: number;
  color: string;
  yMax?: number;
  seek(time: number): void;
}

const clamp = (time: number, duration: number) => Math.round(Math.min(Math.max(time, 0), duration));

/** Everything the chart shows and does (the kit's `Chart` adds its rules), kept out of the component so it can be tested without a canvas. */
export function performanceChartOptions({ title, unit, data, duration, currentTime, color, yMax, seek }: PerformanceChartInput): Options {
  return {
    chart: {
      type: 'line',
      height: 150,
      spacing: [8, 8, 8, 8],
      events: {
        click(event: PointerEventObject) {
          // Highcharts passes the axis values on chart clicks; its typings only promise a pointer event.
          const value = (event as ChartClickEventObject).xAxis?.[0]?.value;
          if (value !== undefined) seek(clamp(value, duration));
        },
      },
    },
    legend: { enabled: false },
    title: { text: title, align: 'left', style: { fontSize: '12px', fontWeight: '600' } },
    xAxis: {
      type: 'linear',
      min: 0,
      max: Math.max(duration, 1),
      labels: {
        formatter() {
          return formatElapsed(Number(this.value), { padMinutes: true });
        },
      },
      plotLines: [{ id: CURRENT_TIME_PLOT_LINE_ID, value: clamp(currentTime, duration), color: '#4f46e5', width: 2, zIndex: 5 }],
    },
    yAxis: { title: { text: unit }, min: 0, ...(yMax === undefined ? {} : { max: yMax }) },
    tooltip: {
      animation: false,
      formatter() {
        return `${formatElapsed(Number(this.x), { padMinutes: true })}<br/><b>${this.y} ${unit}</b>`;
      },
    },
    plotOptions: {
      series: {
        cursor: 'pointer',
        marker: { enabled: false },
        point: {
          events: {
            click() {
              seek(clamp(this.x, duration));
            },
          },
        },
      },
    },
    series: [{ type: 'line', name: title, data, color }],
  };
}
