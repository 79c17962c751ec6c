import { useCallback } from 'react';
import { useApi, useLatestAnswer } from '@cassette/plugin-sdk/ui';
import type { ErrorListItem, ErrorSearchRequest, ErrorSearchResult } from '../../api.js';
import { errorsRoutes } from '../paths.js';

export const LIST_LOAD_FAILED = 'The errors could not be loaded.';

export interface ErrorResults {
  result: ErrorSearchResult | null;
  loading: boolean;
  errors: string[];
  retry(): void;
  updateError(errorId: string, change: Partial<ErrorListItem>): void;
  /** Takes errors out of the shown page (merged away) without searching again. */
  removeErrors(errorIds: readonly string[]): void;
}

/** Searches whenever the request changes; a late answer to an older request is dropped. */
export function useErrorResults(projectId: number | null, request: ErrorSearchRequest): ErrorResults {
  const api = useApi();
  const body = JSON.stringify(request);
  const { data: result, loading, errors, retry, setData } = useLatestAnswer<ErrorSearchResult>(
    projectId === null ? null : `${projectId} ${body}`,
    async () => {
      const answer = await api.post<ErrorSearchResult>(errorsRoutes.search(projectId!), JSON.parse(body) as ErrorSearchRequest);
      return { total: answer?.total ?? 0, errors: answer?.errors ?? [] };
    },
    LIST_LOAD_FAILED,
  );

  return {
    result,
    loading,
    errors,
    retry,
    updateError: useCallback(
      (errorId: string, change: Partial<ErrorListItem>) => setData((r) => r && { ...r, errors: r.errors.map((e) => (e.errorId === errorId ? { ...e, ...change } : e)) }),
      [setData],
    ),
    removeErrors: useCallback(
      (errorIds: readonly string[]) =>
        setData((r) => {
          if (!r) return r;
          const kept = r.errors.filter((e) => !errorIds.includes(e.errorId));
          return { total: Math.max(0, r.total - (r.errors.length - kept.length)), errors: kept };
        }),
      [setData],
    ),
  };
}
