import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError, Button, FormErrors, Loader, NoContent, useApi, useCurrentProject, useHost } from '@cassette/plugin-sdk/ui';
import type { SessionSearchResult } from './api.js';
import { SESSIONS_PAGE_SIZE } from './constants.js';
import { formatDuration } from './format.js';

export default function SessionsListPage() {
  const api = useApi();
  const project = useCurrentProject();
  const { timezone } = useHost();
  const [page, setPage] = useState(1);
  const [result, setResult] = useState<SessionSearchResult | null>(null);
  const [errors, setErrors] = useState<string[]>([]);

  useEffect(() => {
    if (!project) return;
    let cancelled = false;
    setErrors([]);
    api
      .post<SessionSearchResult>(`/${project.id}/sessions/search2`, { page, limit: SESSIONS_PAGE_SIZE, sort: 'startTs', order: 'desc' })
      .then((r) => !cancelled && setResult(r))
      .catch((e: unknown) => !cancelled && setErrors(e instanceof ApiError ? e.errors : ['Could not load sessions. Reload the page to try again.']));
    return () => {
      cancelled = true;
    };
  }, [api, project, page]);

  const pages = result ? Math.max(1, Math.ceil(result.total / SESSIONS_PAGE_SIZE)) : 1;
  return (
    <div className="cs-page">
      <div className="cs-page__header">
        <h1 className="cs-page__title">Sessions</h1>
      </div>
      <FormErrors errors={errors} />
      {!result && errors.length === 0 && <Loader />}
      {result && result.sessions.length === 0 && (
        <div className="cs-card">
          <NoContent title="No recordings found" subtext={project && !project.recorded ? `Install the tracker on ${project.name} to start recording sessions.` : undefined}>
            {project && !project.recorded && (
              <Link to="/onboarding/installing" className="cs-btn cs-btn--primary">
                See how to install
              </Link>
            )}
          </NoContent>
        </div>
      )}
      {result && result.sessions.length > 0 && (
        <section className="cs-card cs-card--flush">
          <table className="cs-table">
            <thead>
              <tr>
                <th scope="col">User</th>
                <th scope="col">Started</th>
                <th scope="col">Duration</th>
                <th scope="col">Country</th>
                <th scope="col">Activity</th>
              </tr>
            </thead>
            <tbody>
              {result.sessions.map((s) => (
                <tr key={s.sessionId}>
                  <td>{s.userDisplayName}</td>
                  <td>{new Date(s.startedAt).toLocaleString(undefined, { timeZone: timezone || undefined })}</td>
                  <td>{formatDuration(s.duration)}</td>
                  <td>{s.userCountry ?? 'Unknown Country'}</td>
                  <td className="cs-muted">
                    {s.pagesCount} pages · {s.eventsCount} events · {s.errorsCount} errors
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="cs-table__footer">
            <span className="cs-muted">
              Showing {result.sessions.length} of {result.total}
            </span>
            <span>
              <Button size="small" variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Previous
              </Button>{' '}
              Page {page} of {pages}{' '}
              <Button size="small" variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                Next
              </Button>
            </span>
          </div>
        </section>
      )}
    </div>
  );
}
