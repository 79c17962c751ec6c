import { useEffect, useMemo, useState } from 'react';
import { ApiError, Button, FormErrors, Loader, NoContent, Pagination, Slot, useApi } from '@cassette/plugin-sdk/ui';
import { sessionsSlots, type LiveSessionsPage, type SessionSummary } from '@cassette/plugin-sessions/api';
import { LIVE_PAGE_SIZE } from '../../shared/messages.js';
import { assistApi, assistPaths } from '../common/paths.js';
import { LiveFilterPopup } from './live-filter-popup.js';
import { addFilter, labelOf, LIVE_FILTER_KEYS, liveQuery, type LiveFilter, type LiveFilterKey } from './live-filters.js';
import './live-sessions.css';

/** The list is asked again this often: visitors come and go. */
const REFRESH_MS = 10_000;
/** The live timer (spec part 1 §6: live session timer 1 s). */
const TICK_MS = 1_000;

/** Live sessions with the live search: the assist page and the sessions list's "Live" tab. */
export function LiveSessions({ projectId }: { projectId: number }) {
  const api = useApi();
  const [filters, setFilters] = useState<LiveFilter[]>([]);
  const [page, setPage] = useState(1);
  const [answer, setAnswer] = useState<LiveSessionsPage | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [popup, setPopup] = useState<LiveFilterKey | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [reload, setReload] = useState(0);
  const query = liveQuery(filters, page);

  useEffect(() => {
    let cancelled = false;
    const load = () =>
      api.get<LiveSessionsPage>(assistApi.sessions(projectId, query)).then(
        (data) => {
          if (cancelled) return;
          setAnswer(data);
          setErrors([]);
        },
        (err: unknown) => !cancelled && setErrors(err instanceof ApiError ? err.errors : ['The live sessions could not be loaded.']),
      );
    void load();
    const timer = setInterval(load, REFRESH_MS);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [api, projectId, query, reload]);

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);

  // A live session lasts until now: its duration ticks each second.
  const sessions = useMemo<SessionSummary[]>(() => (answer?.sessions ?? []).map((s) => ({ ...s, duration: Math.max(1000, now - s.startedAt) })), [answer, now]);
  const pages = answer ? Math.max(1, Math.ceil(answer.total / LIVE_PAGE_SIZE)) : 1;
  const change = (next: LiveFilter[]) => {
    setFilters(next);
    setPage(1);
  };

  return (
    <div className="cs-assist-live" data-testid="live-sessions">
      <div className="cs-assist-live__filters" role="group" aria-label="Live search">
        {filters.map((f) => (
          <span key={f.key} className="cs-assist-chip" data-testid="live-filter">
            {labelOf(f.key)}
            {f.metaKey ? ` ${f.metaKey}` : ''}: <strong>{f.value}</strong>
            <button type="button" className="cs-icon-btn" aria-label={`Remove the ${labelOf(f.key)} filter`} onClick={() => change(filters.filter((x) => x.key !== f.key))}>
              ×
            </button>
          </span>
        ))}
        <span className="cs-assist-live__add">
          {LIVE_FILTER_KEYS.filter((k) => !filters.some((f) => f.key === k.key)).map((k) => (
            <Button key={k.key} size="small" variant="secondary" onClick={() => setPopup(k.key)}>
              + {k.label}
            </Button>
          ))}
          {popup && (
            <LiveFilterPopup
              filterKey={popup}
              onClose={() => setPopup(null)}
              onApply={(filter) => {
                setPopup(null);
                change(addFilter(filters, filter));
              }}
            />
          )}
        </span>
      </div>
      {errors.length > 0 ? (
        <div className="cs-card">
          <FormErrors errors={errors} />
          <Button variant="primary" onClick={() => setReload((n) => n + 1)}>
            Try again
          </Button>
        </div>
      ) : !answer ? (
        <Loader label="Loading live sessions" />
      ) : sessions.length === 0 ? (
        <div className="cs-card">
          <NoContent
            title="No live sessions"
            subtext={filters.length ? 'Nobody matching these filters is on the site now. Remove a filter to see more.' : 'Nobody is on the site right now. Visitors appear here while their tab is open.'}
          />
        </div>
      ) : (
        <>
          <Slot slot={sessionsSlots.sessionRows} props={{ projectId, sessions, linkOf: (s) => assistPaths.session(projectId, s.sessionId) }} />
          <div className="cs-assist-live__footer">
            <span className="cs-muted">
              {answer.total} live {answer.total === 1 ? 'session' : 'sessions'}
            </span>
            <Pagination page={page} pages={pages} onChange={setPage} />
          </div>
        </>
      )}
    </div>
  );
}
