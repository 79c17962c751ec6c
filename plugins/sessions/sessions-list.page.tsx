import { useEffect, useState } from 'react';
import { ApiError, useApi, useCurrentProject } from '@cassette/plugin-sdk/ui';
import { SESSIONS_PAGE_SIZE, type SessionSearchResult } from './api.js';

function formatDuration(ms: number): string {
  // The list never shows less than one second (spec: minimum displayed duration).
  const seconds = Math.max(1, Math.round(ms / 1000));
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return m > 0 ? `${m}m ${s}s` : `${s}s`;
}

export default function SessionsListPage() {
  const api = useApi();
  const project = useCurrentProject();
  const [page, setPage] = useState(1);
  const [result, setResult] = useState<SessionSearchResult | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!project) return;
    let cancelled = false;
    setError(null);
    api
      .post<SessionSearchResult>(`/${project.id}/sessions/search2`, { page, limit: SESSIONS_PAGE_SIZE, sort: 'startTs', order: 'desc' })
      .then((r) => !cancelled && setResult(r))
      .catch((e: unknown) => !cancelled && setError(e instanceof ApiError ? e.message : 'Could not load sessions'));
    return () => {
      cancelled = true;
    };
  }, [api, project, page]);

  const pages = result ? Math.max(1, Math.ceil(result.total / SESSIONS_PAGE_SIZE)) : 1;
  return (
    <section className="page sessions-page">
      <header className="page-header">
        <h1>Sessions</h1>
      </header>
      {error && <p className="form-error" role="alert">{error}</p>}
      {!error && result && result.sessions.length === 0 && (
        <div className="no-content">
          <p className="no-content-title">No recordings found</p>
          {project && !project.recorded && <p>Install the tracker on {project.name} to start recording sessions.</p>}
        </div>
      )}
      {result && result.sessions.length > 0 && (
        <>
          <ul className="session-list">
            {result.sessions.map((s) => (
              <li key={s.sessionId} className="session-item">
                <strong>{s.userDisplayName}</strong>
                <span>{new Date(s.startedAt).toLocaleString()}</span>
                <span>{formatDuration(s.duration)}</span>
                <span>{s.userCountry ?? 'Unknown Country'}</span>
                <span>
                  {s.pagesCount} pages · {s.eventsCount} events · {s.errorsCount} errors
                </span>
              </li>
            ))}
          </ul>
          <footer className="list-footer">
            <span>
              Showing {result.sessions.length} of {result.total}
            </span>
            <span>
              <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Previous
              </button>{' '}
              Page {page} of {pages}{' '}
              <button type="button" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                Next
              </button>
            </span>
          </footer>
        </>
      )}
    </section>
  );
}
