import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useHost } from '@cassette/plugin-sdk/ui';
import type { Session } from '../../shared/session.js';
import { countryFlag, countryName } from '../common/country.js';
import { formatStartTime } from '../common/start-time.js';
import { useFavoriteToggle } from '../common/use-favorite-toggle.js';

export interface SessionHeaderProps {
  siteId: string;
  projectId: number;
  session: Session | null;
  autoplay: boolean;
  onToggleAutoplay(): void;
  onPrevious(): void;
  onNext(): void;
  /** Other plugins' buttons (sessionsSlots.playerHeaderActions). */
  actions?: ReactNode;
}

function platform(name: string | null, version: string | null): string | null {
  if (!name) return null;
  return version ? `${name} ${version}` : name;
}

/** The player's header: back to the list, who and when, favorite, previous / next, autoplay. */
export function SessionHeader({ siteId, projectId, session, autoplay, onToggleAutoplay, onPrevious, onNext, actions }: SessionHeaderProps) {
  const { timezone } = useHost();
  const [favorite, setFavorite] = useState<boolean | null>(null);
  const shownFavorite = favorite ?? session?.favorite ?? false;
  return (
    <header className="cs-player-header">
      <Link to={`/${siteId}/sessions`} className="cs-btn cs-btn--ghost cs-btn--small cs-player-header__back" data-testid="player-back">
        ← Sessions
      </Link>
      {session && (
        <div className="cs-player-header__who">
          <span className="cs-player-header__name" data-testid="player-user">
            {session.userDisplayName}
          </span>
          <span className="cs-player-header__meta">
            <time dateTime={new Date(session.startedAt).toISOString()} title={new Date(session.startedAt).toISOString()}>
              {formatStartTime(session.startedAt, timezone || 'UTC')}
            </time>
            {[platform(session.userBrowser, session.userBrowserVersion), platform(session.userOs, session.userOsVersion)]
              .filter(Boolean)
              .map((text) => (
                <span key={text}>{text}</span>
              ))}
            <span>
              {countryFlag(session.userCountry)} {countryName(session.userCountry)}
            </span>
          </span>
        </div>
      )}
      <span className="cs-player-header__spacer" />
      {actions}
      {session && <FavoriteToggle projectId={projectId} sessionId={session.sessionId} favorite={shownFavorite} onChange={setFavorite} />}
      <button
        type="button"
        className={['cs-player-chip', autoplay ? 'cs-player-chip--on' : ''].filter(Boolean).join(' ')}
        data-testid="player-autoplay"
        aria-pressed={autoplay}
        title="When a session ends, play the next one"
        onClick={onToggleAutoplay}
      >
        Autoplay
      </button>
      <button
        type="button"
        className="cs-player-chip"
        data-testid="player-previous"
        disabled={!session?.previousSessionId}
        title="Previous session (Shift + ←)"
        onClick={onPrevious}
      >
        ‹ Previous
      </button>
      <button type="button" className="cs-player-chip" data-testid="player-next" disabled={!session?.nextSessionId} title="Next session (Shift + →)" onClick={onNext}>
        Next ›
      </button>
    </header>
  );
}

/** The server answers the new state of the toggle, which is what the button shows. */
function FavoriteToggle({ projectId, sessionId, favorite, onChange }: { projectId: number; sessionId: string; favorite: boolean; onChange(favorite: boolean): void }) {
  const { saving, toggle } = useFavoriteToggle(projectId, sessionId, onChange);
  return (
    <button
      type="button"
      className={['cs-player-chip', 'cs-player-favorite', favorite ? 'cs-player-favorite--on' : ''].filter(Boolean).join(' ')}
      data-testid="player-favorite"
      aria-pressed={favorite}
      disabled={saving}
      title={favorite ? 'Remove from favorites' : 'Add to favorites'}
      onClick={() => void toggle()}
    >
      <span aria-hidden>{favorite ? '★' : '☆'}</span> {favorite ? 'Favorite' : 'Add to favorites'}
    </button>
  );
}
