import { useMemo } from 'react';
import { Button, Slot } from '@cassette/plugin-sdk/ui';
import { sessionsSlots, type SessionSearchFilter } from '@cassette/plugin-sessions/api';
import type { FunnelFilter } from '../../shared/funnel.js';

export interface FunnelFilterEditorProps {
  projectId: number;
  /** What the figures are asked over: the edit, else the saved filter. */
  filter: FunnelFilter;
  /** The filter differs from the saved one. */
  edited: boolean;
  /** The viewer may save it (the funnel's author). */
  canModify: boolean;
  /** Why the edit cannot be counted as it is, or null. */
  problem: string | null;
  onChange(filter: FunnelFilter): void;
  onDiscard(): void;
  onModify(): void;
}

/** The bar is handed the funnel's steps, in order (a funnel always counts them so), and its attributes. */
const searchOf = (filter: FunnelFilter): SessionSearchFilter => ({ events: filter.events, filters: filter.filters, eventsOrder: 'then' });

/**
 * The funnel's steps and session attributes, edited with the session search's filter bar (the
 * sessions plugin's `searchFilter` slot). Changes are explored at once, unsaved; the author
 * saves them with Modify, anyone goes back to the saved funnel with Discard changes.
 */
export function FunnelFilterEditor({ projectId, filter, edited, canModify, problem, onChange, onDiscard, onModify }: FunnelFilterEditorProps) {
  // What the funnel takes from the bar: its steps and attributes; the rest stays as saved.
  // The same filter, the same object: the bar keeps what is being typed in it.
  const search = useMemo(() => searchOf(filter), [filter]);
  const changed = (next: SessionSearchFilter) => onChange({ ...filter, events: next.events ?? [], filters: next.filters ?? [] });
  return (
    <section className="cs-card cs-funnel-filter" aria-label="Steps and filters" data-testid="funnel-filter">
      <Slot slot={sessionsSlots.searchFilter} props={{ projectId, filter: search, onChange: changed }} fallback={<p role="alert">The session search is off, so the steps cannot be changed here.</p>} />
      {problem && (
        <p className="cs-notice" role="alert" data-field="filter-problem">
          {problem}
        </p>
      )}
      {edited && (
        <div className="cs-funnel-filter__changes" data-testid="funnel-filter-changes">
          <span className="cs-muted">
            {canModify ? 'The figures below follow your changes; they are not saved until you Modify the funnel.' : 'The figures below follow your changes. Only the author of this funnel can save them.'}
          </span>
          <Button size="small" variant="ghost" onClick={onDiscard}>
            Discard changes
          </Button>
          {canModify && (
            <Button size="small" variant="primary" onClick={onModify} disabled={problem !== null} title={problem ?? undefined}>
              Modify
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
