import { useCallback, useEffect, useState } from 'react';
import { ApiError, useApi } from '@cassette/plugin-sdk/ui';
import type { ResolvedStack } from '../../api.js';

export const STACK_LOAD_FAILED = 'The stack trace could not be loaded.';

export interface ResolvedStackState {
  stack: ResolvedStack | null;
  loading: boolean;
  error: string | null;
  retry(): void;
}

/** Loads a source-mapped stack from one of the `.../sourcemaps` routes; `path` null waits. */
export function useResolvedStack(path: string | null): ResolvedStackState {
  const api = useApi();
  const [stack, setStack] = useState<ResolvedStack | null>(null);
  const [loading, setLoading] = useState(path !== null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (path === null) return;
    let current = true;
    setLoading(true);
    setError(null);
    api
      .get<ResolvedStack>(path)
      .then((answer) => {
        if (current) setStack({ frames: answer?.frames ?? [], raw: answer?.raw ?? null, sourcemapsMissing: answer?.sourcemapsMissing === true, release: answer?.release ?? null });
      })
      .catch((e: unknown) => {
        if (!current) return;
        setStack(null);
        setError(e instanceof ApiError ? (e.errors[0] ?? STACK_LOAD_FAILED) : STACK_LOAD_FAILED);
      })
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [api, path, attempt]);

  return { stack, loading, error, retry: useCallback(() => setAttempt((n) => n + 1), []) };
}
