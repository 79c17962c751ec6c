import type { ActorRefFrom } from 'xstate';
import { Button, Checkbox, Input, Select } from '@cassette/plugin-sdk/ui';
import { METRIC_TYPES, metricOfOptions, viewOptions } from '../common/metric-options.js';
import { canAddSeries, canRemoveSeries, seriesDefaultName } from '../editor/metric-draft.js';
import type { metricEditorMachine } from '../editor/metric-editor.machine.js';
import type { MetricDraft } from '../wire.js';
import { SeriesFilterEditor } from './series-filter-editor.js';

export interface MetricEditorPanelProps {
  projectId: number;
  editor: ActorRefFrom<typeof metricEditorMachine>;
  draft: MetricDraft;
}

/** The Edit panel: type, what it counts, its view, sharing, and up to 3 series each with its filter. */
export function MetricEditorPanel({ projectId, editor, draft }: MetricEditorPanelProps) {
  const table = draft.metricType === 'table';
  return (
    <section className="cs-metric-editor" data-testid="metric-editor">
      <div className="cs-metric-editor__options">
        <Select label="Type" value={draft.metricType} options={METRIC_TYPES.map((o) => ({ value: o.value, label: o.label }))} onChange={(e) => editor.send({ type: 'SET_TYPE', metricType: e.target.value as 'timeseries' | 'table' })} />
        <Select label="Of" value={draft.metricOf} options={metricOfOptions(draft.metricType).map((o) => ({ value: o.value, label: o.label }))} onChange={(e) => editor.send({ type: 'SET_METRIC_OF', metricOf: e.target.value })} />
        <Select label="View" value={draft.viewType} options={viewOptions(draft.metricType).map((o) => ({ value: o.value, label: o.label }))} onChange={(e) => editor.send({ type: 'SET_VIEW', viewType: e.target.value as MetricDraft['viewType'] })} />
        <Checkbox label="Shared with team" checked={draft.isPublic} onChange={(e) => editor.send({ type: 'SET_PUBLIC', isPublic: e.target.checked })} />
      </div>
      {draft.series.map((series, index) => (
        <div key={series.seriesId ?? `new-${index}`} className="cs-metric-editor__series" data-testid="series">
          <div className="cs-metric-editor__series-header">
            <Input aria-label={`Series ${index + 1} name`} placeholder={seriesDefaultName(index)} value={series.name} maxLength={35} onChange={(e) => editor.send({ type: 'RENAME_SERIES', index, name: e.target.value })} />
            <Button variant="ghost" size="small" disabled={!canRemoveSeries(draft)} aria-label={`Delete series ${index + 1}`} onClick={() => editor.send({ type: 'REMOVE_SERIES', index })}>
              Delete
            </Button>
          </div>
          <SeriesFilterEditor projectId={projectId} filter={series.filter} table={table} onChange={(filter) => editor.send({ type: 'SET_SERIES_FILTER', index, filter })} />
        </div>
      ))}
      {!table && (
        <Button variant="secondary" size="small" disabled={!canAddSeries(draft)} onClick={() => editor.send({ type: 'ADD_SERIES' })}>
          Add Series
        </Button>
      )}
    </section>
  );
}
