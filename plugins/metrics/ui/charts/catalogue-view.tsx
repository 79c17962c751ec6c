import type { Options } from 'highcharts';
import { Chart, NoContent } from '@cassette/plugin-sdk/ui';
import { WIDGET_NOT_SUPPORTED } from '../constants.js';
import { changePercent, formatValue, isCatalogueAnswer, type CatalogueAnswerView } from './catalogue-answer.js';
import { SERIES_COLORS } from './series-chart-options.js';
import { truncate } from './truncate.js';

export interface CatalogueViewProps {
  answer: unknown;
  height: number;
  timeAxis?: { timezone: string; startDate: number; endDate: number };
}

/** A predefined widget drawn from its answer's kind: a figure with its trend, lines, rows, a histogram, countries, or why there is no data. */
export function CatalogueView({ answer, height, timeAxis }: CatalogueViewProps) {
  if (!isCatalogueAnswer(answer)) return <NoContent size="small" title={WIDGET_NOT_SUPPORTED} />;
  return <CatalogueKind answer={answer} height={height} timeAxis={timeAxis} />;
}

function CatalogueKind({ answer, height, timeAxis }: { answer: CatalogueAnswerView } & Omit<CatalogueViewProps, 'answer'>) {
  switch (answer.kind) {
    case 'unavailable':
      return <NoContent size="small" title="No data" subtext={answer.reason} />;
    case 'overview': {
      const change = changePercent(answer.value, answer.previousValue);
      const options: Options = {
        chart: { type: 'area', height: Math.max(40, height - 44), spacing: [0, 0, 0, 0] },
        title: { text: undefined },
        legend: { enabled: false },
        xAxis: { visible: false, type: 'datetime' },
        yAxis: { visible: false },
        tooltip: { enabled: false },
        series: [{ type: 'area', name: 'value', color: SERIES_COLORS[0], fillOpacity: 0.15, data: answer.chart.map((p) => [p.timestamp, p.value]), marker: { enabled: false } }],
      };
      return (
        <div className="cs-catalogue-overview" data-testid="catalogue-overview">
          <div className="cs-catalogue-overview__value" data-field="value">
            {formatValue(answer.value, answer.unit)}
            {change !== null && <span className={`cs-catalogue-overview__change ${change >= 0 ? 'is-up' : 'is-down'}`}>{`${change >= 0 ? '+' : ''}${change} %`}</span>}
          </div>
          <Chart options={options} />
        </div>
      );
    }
    case 'timeseries': {
      if (answer.chart.length === 0) return <NoContent size="small" />;
      const options: Options = {
        chart: { type: 'area', height },
        title: { text: undefined },
        yAxis: { title: { text: undefined }, min: 0 },
        tooltip: { shared: true },
        plotOptions: { area: { stacking: answer.series.length > 1 ? 'normal' : undefined, fillOpacity: 0.2, marker: { enabled: false } } },
        series: answer.series.map((s, i) => ({ type: 'area' as const, name: s.name, color: SERIES_COLORS[i % SERIES_COLORS.length], data: answer.chart.map((p) => [p.timestamp, p.values[s.name] ?? null]) })),
      };
      return <Chart options={options} timeAxis={timeAxis} testId="catalogue-timeseries" />;
    }
    case 'table':
      if (answer.rows.length === 0) return <NoContent size="small" title={answer.unit === 'count' ? 'No resources missing.' : undefined} />;
      return (
        <ul className="cs-metric-table__rows" data-testid="catalogue-table" style={{ maxHeight: height, overflow: 'auto' }}>
          {answer.rows.map((row) => (
            <li key={row.name} className="cs-metric-table__row cs-metric-table__row--static" data-testid="metric-table-row">
              <span className="cs-metric-table__name" title={row.name}>
                {truncate(row.name, 40)}
              </span>
              <span className="cs-metric-table__value">{formatValue(row.value, answer.unit)}</span>
            </li>
          ))}
        </ul>
      );
    case 'distribution': {
      const options: Options = {
        chart: { type: 'column', height },
        title: { text: undefined },
        legend: { enabled: false },
        xAxis: { categories: answer.buckets.map((b) => formatValue(b.from, answer.unit)) },
        yAxis: { title: { text: undefined } },
        series: [{ type: 'column', name: 'Pages', color: SERIES_COLORS[0], data: answer.buckets.map((b) => b.count) }],
      };
      return (
        <div data-testid="catalogue-distribution">
          <div className="cs-muted">
            {answer.percentiles.map((p) => `p${p.percentile}: ${formatValue(p.value, answer.unit)}`).join(' · ')}
          </div>
          <Chart options={options} />
        </div>
      );
    }
    case 'map':
      if (answer.rows.length === 0) return <NoContent size="small" />;
      return (
        <ul className="cs-metric-table__rows" data-testid="catalogue-map" style={{ maxHeight: height, overflow: 'auto' }}>
          {answer.rows.map((row) => (
            <li key={row.country} className="cs-metric-table__row cs-metric-table__row--static">
              <span className="cs-metric-table__name">{row.country || 'Unknown Country'}</span>
              <span className="cs-metric-table__value">{formatValue(row.value, answer.unit)}</span>
            </li>
          ))}
        </ul>
      );
  }
}
