import { useCallback, useEffect, useState } from 'react';
import { ApiError, useApi } from '@cassette/plugin-sdk/ui';
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
  const [result, setResult] = useState<ErrorSearchResult | null>(null);
  const [loading, setLoading] = useState(projectId !== null);
  const [errors, setErrors] = useState<string[]>([]);
  const [attempt, setAttempt] = useState(0);
  const body = JSON.stringify(request);

  useEffect(() => {
    if (projectId === null) return;
    let current = true;
    setLoading(true);
    setErrors([]);
    api
      .post<ErrorSearchResult>(errorsRoutes.search(projectId), JSON.parse(body) as ErrorSearchRequest)
      .then((answer) => current && setResult({ total: answer?.total ?? 0, errors: answer?.errors ?? [] }))
      .catch((e: unknown) => {
        if (!current) return;
        setResult(null);
        setErrors(e instanceof ApiError ? e.errors : [LIST_LOAD_FAILED]);
      })
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [api, projectId, body, attempt]);

  return {
    result,
    loading,
    errors,
    retry: useCallback(() => setAttempt((n) => n + 1), []),
    updateError: useCallback(
      (errorId: string, change: Partial<ErrorListItem>) => setResult((r) => r && { ...r, errors: r.errors.map((e) => (e.errorId === errorId ? { ...e, ...change } : e)) }),
      [],
    ),
    removeErrors: useCallback(
      (errorIds: readonly string[]) =>
        setResult((r) => {
          if (!r) return r;
          const kept = r.errors.filter((e) => !errorIds.includes(e.errorId));
          return { total: Math.max(0, r.total - (r.errors.length - kept.length)), errors: kept };
        }),
      [],
    ),
  };
}
