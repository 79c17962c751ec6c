import type { Options, XAxisOptions } from 'highcharts';
import { formatTimeLabel, timeLabelUnit } from './time-labels.js';

/** The period a time chart covers, for its axis labels; times are shown in `timezone`. */
export interface TimeAxis {
  timezone: string;
  startDate: number;
  endDate: number;
}

/**
 * A chart's options with the kit's rules on top: no animation (charts redraw as filters change,
 * and tests read them at once), no credits, no accessibility module warning, and with a time axis
 * the spec's labels (part 1 §9) in the viewer's timezone. The caller's options win elsewhere.
 */
export function kitChartOptions(options: Options, timeAxis?: TimeAxis): Options {
  const merged: Options = {
    accessibility: { enabled: false },
    credits: { enabled: false },
    ...options,
    chart: { ...options.chart, animation: false },
    plotOptions: { ...options.plotOptions, series: { ...options.plotOptions?.series, animation: false } },
  };
  if (!timeAxis) return merged;
  const unit = timeLabelUnit(timeAxis.endDate - timeAxis.startDate);
  const timed = (axis: XAxisOptions | undefined): XAxisOptions => ({
    ...axis,
    type: 'datetime',
    labels: {
      ...axis?.labels,
      formatter() {
        return formatTimeLabel(Number(this.value), unit, timeAxis.timezone);
      },
    },
  });
  const xAxis = Array.isArray(options.xAxis) ? options.xAxis.map((axis, i) => (i === 0 ? timed(axis) : axis)) : timed(options.xAxis);
  return { ...merged, xAxis };
}
