import { Link } from 'react-router-dom';
import { formatDuration, useHost } from '@cassette/plugin-sdk/ui';
import type { SearchFilterItem } from '../../shared/search.js';
import type { SessionSummary } from '../../shared/session.js';
import { ANONYMOUS_USER } from '../../shared/constants.js';
import { countryFlag, countryName } from '../common/country.js';
import { DeviceIcon } from './device-icon.js';
import { FavoriteButton } from './favorite-button.js';
import { IssueBadge } from './issue-badge.js';
import { WatchdogBadges } from '../watchdogs/watchdog-badges.js';
import { MetadataChips } from './metadata-chips.js';
import { formatStartTime } from '../common/start-time.js';
import { UserAvatar } from './user-avatar.js';

export interface SessionItemProps {
  /** Answers omit empty fields, so anything may be missing. */
  session: SessionSummary;
  siteId: number;
  onFavoriteChange(sessionId: string, favorite: boolean): void;
  /** Clicking the user name or a metadata chip filters the list by it (see SessionRowsProps.onFilter). */
  onFilter?(item: SearchFilterItem): void;
  /** Where the play link leads; the player by default. */
  link?: string;
}

/** The filter a row's user name stands for: its user id, else its anonymous id; none for an anonymous user. */
export function userFilterOf(s: Pick<SessionSummary, 'userId' | 'userAnonymousId'>): SearchFilterItem | null {
  if (s.userId) return { type: 'USERID', operator: 'is', value: [s.userId], isEvent: false };
  if (s.userAnonymousId) return { type: 'USERANONYMOUSID', operator: 'is', value: [s.userAnonymousId], isEvent: false };
  return null;
}

export function sessionDisplayName(s: Pick<SessionSummary, 'userDisplayName' | 'userId' | 'userAnonymousId'>): string {
  return s.userDisplayName || s.userId || s.userAnonymousId || ANONYMOUS_USER;
}

const DEVICE_TYPE_LABELS: Record<string, string> = { desktop: 'Desktop', mobile: 'Mobile', tablet: 'Tablet', other: 'Other device' };

const count = (n: number | undefined, one: string, many: string) => `${n ?? 0} ${(n ?? 0) === 1 ? one : many}`;
const majorVersion = (version: string | null | undefined) => version?.split('.')[0] ?? '';

export function SessionItem({ session: s, siteId, onFavoriteChange, onFilter, link }: SessionItemProps) {
  const { timezone } = useHost();
  const name = sessionDisplayName(s);
  const userFilter = onFilter ? userFilterOf(s) : null;
  const deviceType = s.userDeviceType ?? '';
  const issueTypes = s.issueTypes ?? [];
  return (
    <article
      className={['cs-session-item', s.viewed ? 'cs-session-item--viewed' : ''].filter(Boolean).join(' ')}
      data-testid="session-item"
      data-session-id={s.sessionId}
      data-viewed={s.viewed ? 'true' : undefined}
    >
      <div className="cs-session-item__main">
        <div className="cs-session-item__user">
          <UserAvatar userNumericHash={s.userNumericHash ?? 0} displayName={name} />
          <div className="cs-session-item__who">
            {userFilter ? (
              <button type="button" className="cs-btn cs-btn--link cs-session-item__name" data-field="user" title={`Show the sessions of ${name}`} onClick={() => onFilter!(userFilter)}>
                {name}
              </button>
            ) : (
              <span className="cs-session-item__name" data-field="user">
                {name}
              </span>
            )}
            {(s.userSessionsCount ?? 0) > 1 && (
              <span className="cs-muted" data-field="user-sessions">
                {s.userSessionsCount} sessions
              </span>
            )}
          </div>
        </div>

        <div className="cs-session-item__when">
          <time dateTime={new Date(s.startedAt).toISOString()} data-field="started">
            {formatStartTime(s.startedAt, timezone)}
          </time>
          <span className="cs-muted" data-field="duration">
            {formatDuration(s.duration ?? 0)}
          </span>
        </div>

        <div className="cs-session-item__where">
          <span data-field="country">
            {s.userCountry && (
              <span className="cs-session-item__flag" aria-hidden="true">
                {countryFlag(s.userCountry)}{' '}
              </span>
            )}
            {countryName(s.userCountry)}
          </span>
          <span className="cs-session-item__env cs-muted" data-field="environment">
            {s.userBrowser && <span title="Browser">{[s.userBrowser, majorVersion(s.userBrowserVersion)].filter(Boolean).join(' ')}</span>}
            {s.userOs && <span title="Operating system">{s.userOs}</span>}
            {deviceType && (
              <span title={DEVICE_TYPE_LABELS[deviceType] ?? deviceType}>
                <DeviceIcon deviceType={deviceType} />{' '}
                {DEVICE_TYPE_LABELS[deviceType] ?? deviceType}
              </span>
            )}
          </span>
        </div>

        <div className="cs-session-item__counts cs-muted" data-field="counts">
          {count(s.pagesCount, 'page', 'pages')} · {count(s.eventsCount, 'event', 'events')} · {count(s.errorsCount, 'error', 'errors')}
        </div>

        <div className="cs-session-item__issues" data-field="issues">
          {issueTypes.map((type) => (
            <IssueBadge key={type} type={type} />
          ))}
          <WatchdogBadges projectId={siteId} watchdogIds={s.watchdogs ?? []} />
        </div>

        <div className="cs-session-item__actions">
          {s.live && (
            <span className="cs-session-live" data-field="live" title="The visitor's tab is open and recording now">
              LIVE
            </span>
          )}
          {s.viewed && (
            <span className="cs-session-item__viewed cs-muted" data-field="viewed">
              Viewed
            </span>
          )}
          {s.startUrl && (
            <Link
              className="cs-btn cs-btn--link cs-session-heatmap"
              data-field="heatmap"
              to={`/${siteId}/session/${encodeURIComponent(s.sessionId)}?heatmap=${encodeURIComponent(s.startUrl)}`}
              title={`Heatmap of this page: where visitors clicked and scrolled on ${s.startUrl}`}
            >
              Heatmap
            </Link>
          )}
          <FavoriteButton projectId={siteId} sessionId={s.sessionId} favorite={!!s.favorite} onChange={(favorite) => onFavoriteChange(s.sessionId, favorite)} />
          <Link className="cs-session-play" to={link ?? `/${siteId}/session/${encodeURIComponent(s.sessionId)}`} aria-label={`Play the session of ${name}`} title="Play">
            ▶
          </Link>
        </div>
      </div>
      <MetadataChips metadata={s.metadata} onPick={onFilter ? (key, value) => onFilter({ type: 'METADATA', source: [key], operator: 'is', value: [value], isEvent: false }) : undefined} />
    </article>
  );
}
