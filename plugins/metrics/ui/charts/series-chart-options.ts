import type { Options, SeriesLineOptions } from 'highcharts';
import type { TimeseriesChart } from '../wire.js';

export const SERIES_COLORS = ['#3b5bdb', '#2f9e44', '#e8590c'] as const;

export interface SeriesChartOptionsInput {
  /** The main period's answer. */
  chart: TimeseriesChart;
  /** The compare period's answer (its own call), drawn dashed over the main period's buckets. */
  compared?: TimeseriesChart | null;
  height: number;
  /** The card's small form: no legend, no axis titles. */
  compact?: boolean;
}

/**
 * A timeseries metric as lines: one per series; with a compare period each series gets a dashed
 * twin, its points laid over the main period bucket by bucket so the two read side by side.
 */
export function seriesChartOptions({ chart, compared, height, compact = false }: SeriesChartOptionsInput): Options {
  const series: SeriesLineOptions[] = chart.series.map((s, i) => ({
    type: 'line',
    name: s.name,
    color: SERIES_COLORS[i % SERIES_COLORS.length],
    data: s.points.map((p) => [p.timestamp, p.value]),
    // Markers on the full chart: each point is a target to click for its sessions.
    marker: { enabled: !compact || s.points.length <= 1, radius: 3 },
  }));
  for (const [i, s] of (compared?.series ?? []).entries()) {
    const main = chart.series[i];
    if (!main) continue;
    series.push({
      type: 'line',
      name: `${s.name} (compared)`,
      color: SERIES_COLORS[i % SERIES_COLORS.length],
      dashStyle: 'Dash',
      opacity: 0.7,
      // Laid over the main period's buckets: the n-th bucket of one against the n-th of the other.
      data: s.points.slice(0, main.points.length).map((p, n) => ({ x: main.points[n]!.timestamp, y: p.value, comparedAt: p.timestamp })),
      marker: { enabled: false },
    });
  }
  return {
    chart: { height, spacing: compact ? [6, 4, 4, 4] : [10, 10, 10, 10] },
    title: { text: undefined },
    legend: { enabled: !compact || series.length > 1 },
    xAxis: { type: 'datetime' },
    yAxis: { title: { text: undefined }, min: 0, allowDecimals: false },
    tooltip: { shared: true },
    plotOptions: { series: { cursor: 'pointer' } },
    series,
  };
}

/** Progress view: each series' total over the period against the largest. */
export function progressRows(chart: TimeseriesChart, compared?: TimeseriesChart | null): { name: string; total: number; share: number; previous: number | null }[] {
  const max = Math.max(1, ...chart.series.map((s) => s.total));
  return chart.series.map((s, i) => ({ name: s.name, total: s.total, share: Math.round((s.total / max) * 100), previous: compared?.series[i]?.total ?? null }));
}
