import { useMemo } from 'react';
import { Chart, formatMilliseconds, NoContent } from '@cassette/plugin-sdk/ui';
import type { PanelProps } from './panel-types.js';
import { SeekTime } from './panel-controls.js';
import { performanceChartOptions } from './performance-chart-options.js';
import { buildPerformanceSeries, pageLoadTimings } from './performance-series.js';

const CHARTS = [
  { key: 'cpu', title: 'CPU', unit: '%', color: '#f79009', yMax: 100 },
  { key: 'memory', title: 'Memory', unit: 'MB', color: '#2e90fa' },
  { key: 'fps', title: 'FPS', unit: 'fps', color: '#12b76a' },
] as const;

export function PerformancePanel({ session, currentTime, seek }: PanelProps) {
  const series = useMemo(() => buildPerformanceSeries(session.performance), [session.performance]);
  const timings = useMemo(() => pageLoadTimings(session.events), [session.events]);
  const charts = CHARTS.filter((chart) => series[chart.key].length > 0);

  if (charts.length === 0 && timings.length === 0) {
    return (
      <div className="cs-panel cs-performance" data-testid="panel-performance">
        <NoContent size="small" />
      </div>
    );
  }

  return (
    <div className="cs-panel cs-performance" data-testid="panel-performance">
      <div className="cs-panel__body">
        {charts.length > 0 && (
          <div className="cs-performance__charts">
            {charts.map((chart) => (
              <Chart
                key={chart.key}
                className="cs-performance__chart"
                testId={`performance-chart-${chart.key}`}
                // The current-time line moves with playback: update in place, without animation.
                updateArgs={[true, true, false]}
                options={performanceChartOptions({
                  title: chart.title,
                  unit: chart.unit,
                  color: chart.color,
                  ...('yMax' in chart ? { yMax: chart.yMax } : {}),
                  data: series[chart.key],
                  duration: session.duration,
                  currentTime,
                  seek,
                })}
              />
            ))}
          </div>
        )}
        {timings.length > 0 && (
          <div className="cs-performance__timings">
            <h3>Page load</h3>
            <table className="cs-network-table" data-testid="performance-timings">
              <thead>
                <tr>
                  <th>Time</th>
                  <th>Page</th>
                  <th>TTFB</th>
                  <th>DCL</th>
                  <th>Load</th>
                  <th>FCP</th>
                  <th>LCP</th>
                </tr>
              </thead>
              <tbody>
                {timings.map((row) => (
                  <tr key={row.key} data-testid="performance-timing-row">
                    <td>
                      <SeekTime time={row.time} seek={seek} />
                    </td>
                    <td className="cs-network-row__resource" title={row.url}>
                      {row.url}
                    </td>
                    <td>{formatMilliseconds(row.ttfb)}</td>
                    <td>{formatMilliseconds(row.domContentLoaded)}</td>
                    <td>{formatMilliseconds(row.load)}</td>
                    <td>{formatMilliseconds(row.fcp)}</td>
                    <td>{formatMilliseconds(row.lcp)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </div>
  );
}
