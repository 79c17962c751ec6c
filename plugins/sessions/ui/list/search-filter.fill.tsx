import { lazy, Suspense } from 'react';
import { Loader } from '@cassette/plugin-sdk/ui';
import type { SearchFilterSlotProps } from '../../api.js';

// Loaded when another plugin first shows the bar (a metric's series): the eager entry stays small.
const SearchFilterEditor = lazy(() => import('./search-filter-editor.js').then((module) => ({ default: module.SearchFilterEditor })));

/** The sessions plugin's fill of its own `searchFilter` slot. */
export function SearchFilterFill(props: SearchFilterSlotProps) {
  return (
    <Suspense fallback={<Loader label="Loading filters" />}>
      <SearchFilterEditor {...props} />
    </Suspense>
  );
}
