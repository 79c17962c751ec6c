import type { Options } from 'highcharts';
import { PIE_LABEL_MIN_PERCENT, PIE_NAME_LENGTH, PIE_TOP } from '../constants.js';
import type { TableChart } from '../wire.js';
import { truncate } from './truncate.js';

export const OTHERS_LABEL = 'Others';

/** The pie's slices: the top 5 rows, the rest as one 'Others' slice. */
export function pieSlices(chart: TableChart): { name: string; fullName: string; key: string | null; y: number }[] {
  const top = chart.rows.slice(0, PIE_TOP).map((row) => ({ name: truncate(row.label, PIE_NAME_LENGTH), fullName: row.label, key: row.name, y: row.value }));
  const rest = chart.rows.slice(PIE_TOP).reduce((sum, row) => sum + row.value, 0);
  return rest > 0 ? [...top, { name: OTHERS_LABEL, fullName: OTHERS_LABEL, key: null, y: rest }] : top;
}

/** A table metric as a pie (spec part 1 §9: names cut at 20, the top 5, labels hidden under 3 %). */
export function pieChartOptions(chart: TableChart, height: number): Options {
  return {
    chart: { type: 'pie', height },
    title: { text: undefined },
    tooltip: { pointFormat: '{point.fullName}: <b>{point.y}</b> ({point.percentage:.1f} %)', headerFormat: '' },
    plotOptions: {
      pie: {
        cursor: 'pointer',
        dataLabels: {
          enabled: true,
          formatter() {
            return (this.percentage ?? 0) < PIE_LABEL_MIN_PERCENT ? null : this.name;
          },
        },
      },
    },
    series: [{ type: 'pie', name: 'Sessions', data: pieSlices(chart) }],
  };
}
