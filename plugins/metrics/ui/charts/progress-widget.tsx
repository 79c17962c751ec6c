import type { TimeseriesChart } from '../wire.js';
import { progressRows, SERIES_COLORS } from './series-chart-options.js';

/** A timeseries metric as progress bars: each series' total over the period (and the compared total). */
export function ProgressWidget({ chart, compared }: { chart: TimeseriesChart; compared?: TimeseriesChart | null }) {
  return (
    <ul className="cs-metric-progress" data-testid="metric-progress">
      {progressRows(chart, compared).map((row, i) => (
        <li key={row.name} className="cs-metric-progress__row">
          <span className="cs-metric-progress__name">{row.name}</span>
          <span className="cs-metric-progress__bar" aria-hidden="true">
            <span className="cs-metric-progress__fill" style={{ width: `${row.share}%`, background: SERIES_COLORS[i % SERIES_COLORS.length] }} />
          </span>
          <span className="cs-metric-progress__value" data-field="total">
            {row.total.toLocaleString('en-US')}
          </span>
          {row.previous !== null && (
            <span className="cs-muted" data-field="previous">
              vs {row.previous.toLocaleString('en-US')}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
