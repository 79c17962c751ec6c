// A funnel's filter as edited on its page (not saved) goes with the links between the funnel page
// and its issue pages, in the history entry's state: an issue's sessions are those of the funnel
// being explored, and Back to the funnel finds the edit again. It is not in the URL: a shared
// link shows the saved funnel.
import type { FunnelFilter } from '../../shared/funnel.js';

export interface EditedFilterState {
  editedFilter: FunnelFilter;
}

/** The edit a history entry carries, or null (none, or not one this page put there). */
export function readEditedFilter(state: unknown): FunnelFilter | null {
  const filter = (state as Partial<EditedFilterState> | null)?.editedFilter;
  if (!filter || typeof filter !== 'object' || !Array.isArray(filter.events) || !Array.isArray(filter.filters)) return null;
  return filter;
}

/** The state for a link that keeps the edit (undefined: nothing edited). */
export function editedFilterState(filter: FunnelFilter | null): EditedFilterState | undefined {
  return filter ? { editedFilter: filter } : undefined;
}
