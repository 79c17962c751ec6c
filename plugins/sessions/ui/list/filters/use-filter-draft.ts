import { useCallback, useEffect, useRef, useState } from 'react';
import type { FilterSearch } from './filter-search.js';

/** Spec part 1 §9: duration and multi-value edits are sent 500 ms after the last one. */
export const FILTER_EDIT_DEBOUNCE_MS = 500;

export interface FilterDraft {
  draft: FilterSearch;
  /** A new draft: at once (adding, removing, moving, operators) or after the pause (values). */
  change(next: FilterSearch, debounce?: boolean): void;
  /** Drops a waiting edit, before the search is replaced from outside (a saved search, Clear). */
  discardPending(): void;
}

/**
 * What the bar shows while the user edits: value edits wait for a pause before they become the
 * search (and a request); anything else goes at once, together with edits still waiting. A
 * search changed from outside (Back, a saved search) replaces the draft unless edits are waiting.
 */
export function useFilterDraft(search: FilterSearch, commit: (search: FilterSearch) => void): FilterDraft {
  const [draft, setDraft] = useState(search);
  const latest = useRef(search);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const commitRef = useRef(commit);
  commitRef.current = commit;
  const incoming = JSON.stringify(search);

  useEffect(() => {
    if (timer.current) return;
    const next = JSON.parse(incoming) as FilterSearch;
    latest.current = next;
    setDraft(next);
  }, [incoming]);

  // Leaving the page drops a waiting edit: sending it then would navigate back here.
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const change = useCallback((next: FilterSearch, debounce = false) => {
    latest.current = next;
    setDraft(next);
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (debounce) {
      timer.current = setTimeout(() => {
        timer.current = null;
        commitRef.current(latest.current);
      }, FILTER_EDIT_DEBOUNCE_MS);
    } else {
      commitRef.current(next);
    }
  }, []);

  const discardPending = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }, []);

  return { draft, change, discardPending };
}
