import { useMemo } from 'react';
import type { Options, PointClickEventObject } from 'highcharts';
import { Chart, NoContent, useHost } from '@cassette/plugin-sdk/ui';
import { UNKNOWN_VIEW, WIDGET_NOT_SUPPORTED } from '../constants.js';
import type { MetricChart, TableChart, TimeseriesChart, ViewType } from '../wire.js';
import { pieChartOptions } from './pie-chart-options.js';
import { ProgressWidget } from './progress-widget.js';
import { seriesChartOptions } from './series-chart-options.js';
import { TableWidget } from './table-widget.js';

/** A clicked point: its bucket (both ends inclusive) and its series. */
export interface PointDrill {
  start: number;
  end: number;
  seriesIndex: number;
}

export interface MetricChartViewProps {
  viewType: ViewType;
  chart: MetricChart;
  compared?: MetricChart | null;
  height: number;
  compact?: boolean;
  small?: boolean;
  onPoint?(drill: PointDrill): void;
  onRow?(name: string): void;
  selectedRow?: string | null;
}

/** A custom metric's chart in its view: line chart or progress for a timeseries, table or pie for a table. */
export function MetricChartView({ viewType, chart, compared = null, height, compact = false, small = false, onPoint, onRow, selectedRow = null }: MetricChartViewProps) {
  const { timezone } = useHost();
  if (chart.metricType === 'timeseries') {
    if (viewType === 'lineChart') return <LineChart chart={chart} compared={compared?.metricType === 'timeseries' ? compared : null} height={height} compact={compact} timezone={timezone} onPoint={onPoint} />;
    if (viewType === 'progress') return <ProgressWidget chart={chart} compared={compared?.metricType === 'timeseries' ? compared : null} />;
  }
  if (chart.metricType === 'table') {
    if (viewType === 'table') return <TableWidget chart={chart} small={small} onRow={onRow} selected={selectedRow} />;
    if (viewType === 'pieChart') return <PieChart chart={chart} height={height} onRow={onRow} />;
  }
  if (!['lineChart', 'progress', 'table', 'pieChart'].includes(viewType)) return <NoContent size="small" title={UNKNOWN_VIEW} />;
  return <NoContent size="small" title={WIDGET_NOT_SUPPORTED} />;
}

function LineChart({ chart, compared, height, compact, timezone, onPoint }: { chart: TimeseriesChart; compared: TimeseriesChart | null; height: number; compact: boolean; timezone: string; onPoint?: (drill: PointDrill) => void }) {
  const options = useMemo<Options>(() => {
    const base = seriesChartOptions({ chart, compared, height, compact });
    const seriesCount = chart.series.length;
    return {
      ...base,
      plotOptions: {
        series: {
          cursor: onPoint ? 'pointer' : undefined,
          point: {
            events: {
              click(this: { x: number; series: { index: number } }, _event: PointClickEventObject) {
                // A compared line's point drills into the main period's bucket of the same series.
                const seriesIndex = this.series.index % Math.max(1, seriesCount);
                onPoint?.({ start: this.x, end: Math.min(this.x + chart.bucketMs - 1, chart.endTimestamp), seriesIndex });
              },
            },
          },
        },
      },
    };
  }, [chart, compared, height, compact, onPoint]);
  if (chart.series.every((s) => s.points.length === 0)) return <NoContent size="small" />;
  return <Chart options={options} timeAxis={{ timezone, startDate: chart.startTimestamp, endDate: chart.endTimestamp }} testId="metric-line-chart" />;
}

function PieChart({ chart, height, onRow }: { chart: TableChart; height: number; onRow?: (name: string) => void }) {
  const options = useMemo<Options>(() => {
    const base = pieChartOptions(chart, height);
    return {
      ...base,
      plotOptions: {
        pie: {
          ...base.plotOptions?.pie,
          point: {
            events: {
              click() {
                const key = (this.options as { key?: string | null }).key;
                if (key) onRow?.(key);
              },
            },
          },
        },
      },
    };
  }, [chart, height, onRow]);
  if (chart.rows.length === 0) return <NoContent size="small" />;
  return <Chart options={options} testId="metric-pie-chart" />;
}
