import { sessionsSlots, type SessionSearchFilter } from '@cassette/plugin-sessions/api';
import { Slot } from '@cassette/plugin-sdk/ui';
import { EMPTY_SERIES_TEXT, EMPTY_TABLE_SERIES_TEXT } from '../constants.js';

export interface SeriesFilterEditorProps {
  projectId: number;
  filter: SessionSearchFilter;
  table: boolean;
  onChange(filter: SessionSearchFilter): void;
}

/**
 * A series' steps and attributes, edited with the session search's own filter bar (the sessions
 * plugin's `searchFilter` slot): the same keys, operators, suggestions and 'Add Step'. The spec's
 * empty-series text stands above it while the series has no row.
 */
export function SeriesFilterEditor({ projectId, filter, table, onChange }: SeriesFilterEditorProps) {
  const empty = (filter.events ?? []).length === 0 && (filter.filters ?? []).length === 0;
  return (
    <div className="cs-series-filter" data-testid="series-filter">
      {empty && <p className="cs-muted">{table ? EMPTY_TABLE_SERIES_TEXT : EMPTY_SERIES_TEXT}</p>}
      <Slot slot={sessionsSlots.searchFilter} props={{ projectId, filter, onChange }} fallback={<p role="alert">The session search is off, so series cannot be filtered here.</p>} />
    </div>
  );
}
