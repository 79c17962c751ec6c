import { useState } from 'react';
import { Button, formatDate, Loader, NoContent } from '@cassette/plugin-sdk/ui';
import type { Announcement } from '../api.js';
import { AppLink } from './app-link.js';
import { NO_ANNOUNCEMENTS_TEXT } from './texts.js';

export interface AnnouncementsListProps {
  status: 'loading' | 'failed' | 'ready';
  announcements: Announcement[];
  error: string | null;
  /** The viewer's timezone: the spec's 'LLL dd, yyyy' date is the day they see. */
  timeZone: string;
  onRetry(): void;
  /** An in-app button link was followed: the panel closes. */
  onNavigate(): void;
}

/** The body of the announcements panel. */
export function AnnouncementsList({ status, announcements, error, timeZone, onRetry, onNavigate }: AnnouncementsListProps) {
  if (status === 'loading') return <Loader />;
  if (status === 'failed') {
    return (
      <NoContent title={error ?? 'Could not load the announcements.'} size="small">
        <Button onClick={onRetry}>Try again</Button>
      </NoContent>
    );
  }
  if (announcements.length === 0) return <NoContent title={NO_ANNOUNCEMENTS_TEXT} size="small" />;
  return (
    <ul className="cs-announcements">
      {announcements.map((a) => (
        <li key={a.announcementId} className={`cs-announcement${a.viewed ? '' : ' cs-announcement--new'}`}>
          <time className="cs-announcement__date" dateTime={new Date(a.createdAt).toISOString()}>
            {formatDate(a.createdAt, timeZone)}
          </time>
          {a.imageUrl && <AnnouncementImage src={a.imageUrl} />}
          <h3 className="cs-announcement__title">{a.title}</h3>
          <p className="cs-announcement__description">{a.description}</p>
          {a.buttonText && (
            <AppLink href={a.buttonUrl} className="cs-btn cs-btn--primary cs-btn--small cs-announcement__button" onFollow={(kind) => kind === 'app' && onNavigate()}>
              {a.buttonText}
            </AppLink>
          )}
        </li>
      ))}
    </ul>
  );
}

/** Decorative; an image that cannot load (offline, blocked by the page's policy) is left out rather than shown broken. */
function AnnouncementImage({ src }: { src: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return <img className="cs-announcement__image" src={src} alt="" loading="lazy" referrerPolicy="no-referrer" onError={() => setFailed(true)} />;
}
