import { useMemo } from 'react';
import type { SearchFilterSlotProps } from '../../api.js';
import { FilterBar } from './filters/filter-bar.js';
import type { FilterSearch } from './filters/filter-search.js';
import { useFilterDraft } from './filters/use-filter-draft.js';
import { useProjectMetadata } from './filters/use-project-metadata.js';

/** The sessions list's filter bar on a filter another plugin keeps (`sessionsSlots.searchFilter`). */
export function SearchFilterEditor({ projectId, filter, onChange }: SearchFilterSlotProps) {
  const metadata = useProjectMetadata(projectId);
  const search = useMemo<FilterSearch>(
    () => ({ events: filter.events ?? [], filters: filter.filters ?? [], eventsOrder: filter.eventsOrder ?? 'then', strict: filter.strict ?? false }),
    [filter],
  );
  const editing = useFilterDraft(search, (next) => onChange({ ...filter, events: next.events, filters: next.filters, eventsOrder: next.eventsOrder, strict: next.strict }));
  return <FilterBar editing={editing} projectId={projectId} metadata={metadata} />;
}
