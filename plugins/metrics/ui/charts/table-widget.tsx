import { useState } from 'react';
import { NoContent } from '@cassette/plugin-sdk/ui';
import { SMALL_TABLE_ROWS, TABLE_MAX_HEIGHT, TABLE_ROWS } from '../constants.js';
import type { TableChart } from '../wire.js';

export interface TableWidgetProps {
  chart: TableChart;
  /** A card of one column: 3 rows before 'N More' instead of 5. */
  small?: boolean;
  /** A row was clicked: its sessions (its `name`, as stored). */
  onRow?(name: string): void;
  selected?: string | null;
}

/** A table metric's rows with their share bars; 5 (3 when small), then 'N More' shows the rest (spec part 1 §9). */
export function TableWidget({ chart, small = false, onRow, selected = null }: TableWidgetProps) {
  const [expanded, setExpanded] = useState(false);
  if (chart.rows.length === 0) return <NoContent size="small" />;
  const shown = expanded ? chart.rows : chart.rows.slice(0, small ? SMALL_TABLE_ROWS : TABLE_ROWS);
  const more = chart.rows.length - shown.length;
  return (
    <div className="cs-metric-table" data-testid="metric-table" style={{ maxHeight: TABLE_MAX_HEIGHT }}>
      <ul className="cs-metric-table__rows">
        {shown.map((row) => (
          <li key={row.name} className={['cs-metric-table__row', selected === row.name ? 'is-selected' : ''].filter(Boolean).join(' ')} data-testid="metric-table-row">
            <button type="button" className="cs-metric-table__button" onClick={() => onRow?.(row.name)} disabled={!onRow} title={row.label}>
              <span className="cs-metric-table__name" data-field="name">
                {row.label}
              </span>
              <span className="cs-metric-table__bar" aria-hidden="true">
                <span className="cs-metric-table__fill" style={{ width: `${Math.max(1, row.share)}%` }} />
              </span>
              <span className="cs-metric-table__value" data-field="value">
                {row.value.toLocaleString('en-US')}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {more > 0 && (
        <button type="button" className="cs-btn cs-btn--link cs-btn--small" onClick={() => setExpanded(true)}>
          {more} More
        </button>
      )}
    </div>
  );
}
