import { useCallback, useState } from 'react';
import { ApiError, useApi } from '@cassette/plugin-sdk/ui';
import type { ErrorSessionItem } from '../../api.js';
import { errorsRoutes } from '../paths.js';

export const SESSIONS_PAGE = 10;
export const SESSIONS_LOAD_FAILED = 'More sessions could not be loaded.';

export interface ErrorSessions {
  sessions: ErrorSessionItem[];
  total: number;
  loading: boolean;
  error: string | null;
  loadMore(): void;
}

/** The detail's first 10 sessions, then 10 more at a time from the sessions route (the page is keyed per error). */
export function useErrorSessions(projectId: number, errorId: string, first: ErrorSessionItem[], knownTotal: number): ErrorSessions {
  const api = useApi();
  const [sessions, setSessions] = useState(first);
  const [total, setTotal] = useState(Math.max(knownTotal, first.length));
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const loadMore = useCallback(() => {
    const page = Math.floor(sessions.length / SESSIONS_PAGE) + 1;
    setLoading(true);
    setError(null);
    api
      .get<{ total: number; sessions: ErrorSessionItem[] }>(errorsRoutes.sessions(projectId, errorId, page, SESSIONS_PAGE))
      .then((answer) => {
        const more = answer?.sessions ?? [];
        setSessions((current) => {
          const known = new Set(current.map((s) => s.sessionId));
          return [...current, ...more.filter((s) => !known.has(s.sessionId))];
        });
        setTotal(typeof answer?.total === 'number' ? answer.total : total);
      })
      .catch((e: unknown) => setError(e instanceof ApiError ? (e.errors[0] ?? SESSIONS_LOAD_FAILED) : SESSIONS_LOAD_FAILED))
      .finally(() => setLoading(false));
  }, [api, errorId, projectId, sessions.length, total]);

  return { sessions, total, loading, error, loadMore };
}
