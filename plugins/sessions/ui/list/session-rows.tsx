import { useState } from 'react';
import type { SessionRowsProps } from '../../api.js';
import { SessionItem } from './session-item.js';
import './session-rows.css';

/**
 * Sessions as the list shows them: one SessionItem each, with its bookmark star and its link to
 * the player. The sessions list uses it, and so does every plugin showing sessions (through the
 * `sessionRows` slot), so a session looks and behaves the same everywhere.
 */
export function SessionRows({ projectId, sessions, onFavoriteChange, onFilter, linkOf }: SessionRowsProps) {
  // A toggled star shows at once even when the caller keeps no copy of the list; a new list
  // (another page, a new answer) is the server's word again.
  const [toggled, setToggled] = useState<{ list: readonly unknown[]; favorites: Record<string, boolean> }>({ list: sessions, favorites: {} });
  const favorites = toggled.list === sessions ? toggled.favorites : {};

  function changeFavorite(sessionId: string, favorite: boolean) {
    setToggled({ list: sessions, favorites: { ...favorites, [sessionId]: favorite } });
    onFavoriteChange?.(sessionId, favorite);
  }

  return (
    <div className="cs-session-list" data-testid="session-rows">
      {sessions.map((session) => (
        <SessionItem
          key={session.sessionId}
          session={session.sessionId in favorites ? { ...session, favorite: favorites[session.sessionId]! } : session}
          siteId={projectId}
          onFavoriteChange={changeFavorite}
          onFilter={onFilter}
          {...(linkOf ? { link: linkOf(session) } : {})}
        />
      ))}
    </div>
  );
}
