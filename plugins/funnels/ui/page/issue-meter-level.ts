import type { Options } from 'highcharts';
import { ISSUE_METER_HEIGHT, ISSUE_METER_WIDTH } from '../constants.js';

export type IssueMeterLevel = 'good' | 'few' | 'many';

const LEVELS: Record<IssueMeterLevel, { text: string; color: string; bars: number }> = {
  good: { text: 'Good', color: '#12b76a', bars: 1 },
  few: { text: 'Few Issues', color: '#f79009', bars: 2 },
  many: { text: 'Many Issues', color: '#d92d20', bars: 3 },
};
const UNLIT = '#e4e7ec';

/** Spec part 1 §9: no critical issue is Good, fewer than 3 Few Issues, otherwise Many Issues. */
export function issueMeterLevel(criticalIssuesCount: number): IssueMeterLevel {
  if (criticalIssuesCount <= 0) return 'good';
  if (criticalIssuesCount < 3) return 'few';
  return 'many';
}

export function issueMeterText(criticalIssuesCount: number): string {
  return LEVELS[issueMeterLevel(criticalIssuesCount)].text;
}

/** The meter's 90 × 30 chart: three rising bars, lit up to the level in its colour. */
export function issueMeterOptions(criticalIssuesCount: number): Options {
  const { color, bars } = LEVELS[issueMeterLevel(criticalIssuesCount)];
  return {
    chart: { type: 'column', width: ISSUE_METER_WIDTH, height: ISSUE_METER_HEIGHT, backgroundColor: 'transparent', spacing: [0, 0, 0, 0], margin: [0, 0, 0, 0] },
    title: { text: undefined },
    legend: { enabled: false },
    tooltip: { enabled: false },
    xAxis: { visible: false },
    yAxis: { visible: false, min: 0, max: 3 },
    plotOptions: { column: { borderWidth: 0, pointPadding: 0.1, groupPadding: 0, enableMouseTracking: false } },
    series: [{ type: 'column', name: 'Critical issues', data: [1, 2, 3].map((y, i) => ({ y, color: i < bars ? color : UNLIT })) }],
  };
}
