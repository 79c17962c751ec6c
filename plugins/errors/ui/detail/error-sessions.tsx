import { Link } from 'react-router-dom';
import { Button, formatAgo, formatDateTime, useHost } from '@cassette/plugin-sdk/ui';
import type { ErrorSessionItem } from '../../api.js';
import { sessionAtErrorPath } from '../paths.js';
import type { ErrorSessions } from './use-error-sessions.js';

const who = (s: ErrorSessionItem) => s.userId || s.userAnonymousId || 'Anonymous User';

/** The sessions that hit the error, newest first; each opens the player at the error. */
export function ErrorSessionsList({ siteId, sessions: list }: { siteId: number; sessions: ErrorSessions }) {
  const { timezone } = useHost();
  if (list.sessions.length === 0) return <p className="cs-muted">No session of this error is kept any more.</p>;
  return (
    <div className="cs-error-sessions">
      <ul className="cs-error-sessions__list">
        {list.sessions.map((s) => (
          <li key={s.sessionId} className="cs-error-session" data-testid="error-session">
            <Link to={sessionAtErrorPath(siteId, s.sessionId, s.errorTimestamp)} className="cs-error-session__link" title="Play the session from the error">
              <span className="cs-error-session__play" aria-hidden="true">
                ▶
              </span>
              <span className="cs-error-session__who">{who(s)}</span>
            </Link>
            <span className="cs-muted">{[s.browser, s.os, s.device, s.country].filter(Boolean).join(' · ')}</span>
            {s.url && <span className="cs-error-session__url cs-muted">{s.url}</span>}
            <time className="cs-error-session__when" dateTime={new Date(s.errorTimestamp).toISOString()} title={formatDateTime(s.errorTimestamp, timezone, { seconds: true, zone: true })}>
              {formatAgo(s.errorTimestamp)}
            </time>
          </li>
        ))}
      </ul>
      <div className="cs-error-sessions__footer">
        <span className="cs-muted" data-field="sessions-showing">
          Showing {list.sessions.length} of {list.total}
        </span>
        {list.error && <span className="cs-error-sessions__failure">{list.error}</span>}
        {list.sessions.length < list.total && (
          <Button size="small" variant="secondary" loading={list.loading} onClick={list.loadMore}>
            Load more
          </Button>
        )}
      </div>
    </div>
  );
}
