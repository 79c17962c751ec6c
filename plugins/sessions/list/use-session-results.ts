import { useCallback, useEffect, useState } from 'react';
import { ApiError, useApi } from '@cassette/plugin-sdk/ui';
import type { SessionSearchResult, SessionSummary } from '../api.js';
import type { SessionSearchBody } from './use-session-search.js';

export const LOAD_FAILED = 'The sessions could not be loaded.';

export interface SessionResults {
  result: SessionSearchResult | null;
  loading: boolean;
  /** What went wrong, as the server said it; empty when the last search worked. */
  errors: string[];
  retry(): void;
  /** Changes one listed session in place (a toggled bookmark), without searching again. */
  updateSession(sessionId: string, change: Partial<SessionSummary>): void;
}

/** Runs search2 for the project whenever the search changes; a late answer to an older search is dropped. */
export function useSessionResults(projectId: number | null, body: SessionSearchBody): SessionResults {
  const api = useApi();
  const [result, setResult] = useState<SessionSearchResult | null>(null);
  const [loading, setLoading] = useState(projectId !== null);
  const [errors, setErrors] = useState<string[]>([]);
  const [attempt, setAttempt] = useState(0);
  const request = JSON.stringify(body);

  useEffect(() => {
    if (projectId === null) return;
    let current = true;
    setLoading(true);
    setErrors([]);
    api
      .post<SessionSearchResult>(`/${projectId}/sessions/search2`, JSON.parse(request) as SessionSearchBody)
      .then((answer) => {
        if (!current) return;
        setResult({ sessions: answer?.sessions ?? [], total: answer?.total ?? 0 });
      })
      .catch((e: unknown) => {
        if (!current) return;
        setResult(null);
        setErrors(e instanceof ApiError ? e.errors : [LOAD_FAILED]);
      })
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [api, projectId, request, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const updateSession = useCallback(
    (sessionId: string, change: Partial<SessionSummary>) =>
      setResult((r) => r && { ...r, sessions: r.sessions.map((s) => (s.sessionId === sessionId ? { ...s, ...change } : s)) }),
    [],
  );
  return { result, loading, errors, retry, updateSession };
}
