import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ErrorSearchRequest } from '../../api.js';
import { changeList, readErrorList, toSearchRequest, writeErrorList, type ErrorListState } from './error-list-search.js';

export interface ErrorListSearch {
  state: ErrorListState;
  request: ErrorSearchRequest;
  change(change: Partial<Omit<ErrorListState, 'page'>>): void;
  setPage(page: number): void;
  sourceMapsOpen: boolean;
  setSourceMapsOpen(open: boolean): void;
}

/** The list's state in the URL: a reload or Back lands on the same list. */
export function useErrorListSearch(): ErrorListSearch {
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  const state = useMemo(() => readErrorList(new URLSearchParams(query)), [query]);
  const request = useMemo(() => toSearchRequest(state), [state]);
  const update = useCallback(
    (next: (current: ErrorListState) => ErrorListState) => setParams((current) => writeErrorList(next(readErrorList(current)), current)),
    [setParams],
  );
  return {
    state,
    request,
    change: useCallback((change: Partial<Omit<ErrorListState, 'page'>>) => update((s) => changeList(s, change)), [update]),
    setPage: useCallback((page: number) => update((s) => ({ ...s, page })), [update]),
    sourceMapsOpen: params.get('sourcemaps') === '1',
    setSourceMapsOpen: useCallback(
      (open: boolean) =>
        setParams((current) => {
          const next = new URLSearchParams(current);
          if (open) next.set('sourcemaps', '1');
          else next.delete('sourcemaps');
          return next;
        }),
      [setParams],
    ),
  };
}
