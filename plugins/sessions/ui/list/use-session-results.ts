import { useCallback } from 'react';
import { useApi, useLatestAnswer } from '@cassette/plugin-sdk/ui';
import type { SessionSearchResult } from '../../shared/search.js';
import type { SessionSummary } from '../../shared/session.js';
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
  const request = JSON.stringify(body);
  const { data: result, loading, errors, retry, setData } = useLatestAnswer<SessionSearchResult>(
    projectId === null ? null : `${projectId} ${request}`,
    async () => {
      const answer = await api.post<SessionSearchResult>(`/${projectId}/sessions/search2`, JSON.parse(request) as SessionSearchBody);
      return { sessions: answer?.sessions ?? [], total: answer?.total ?? 0 };
    },
    LOAD_FAILED,
  );
  const updateSession = useCallback(
    (sessionId: string, change: Partial<SessionSummary>) =>
      setData((r) => r && { ...r, sessions: r.sessions.map((s) => (s.sessionId === sessionId ? { ...s, ...change } : s)) }),
    [setData],
  );
  return { result, loading, errors, retry, updateSession };
}
