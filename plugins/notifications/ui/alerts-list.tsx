import { Button, formatDateTime, Loader, NoContent } from '@cassette/plugin-sdk/ui';
import type { Notification, NotificationLevel } from '../api.js';
import { AppLink } from './app-link.js';
import { IGNORE_ALL_LABEL, NO_ALERTS_TEXT } from './texts.js';

export interface AlertsListProps {
  status: 'loading' | 'failed' | 'ready';
  notifications: Notification[];
  /** Unviewed in total (the badge), which may include ones older than the list shows. */
  unviewedCount: number;
  error: string | null;
  /** The viewer's timezone: alerts show the spec's date with a 12-hour time in it. */
  timeZone: string;
  onRetry(): void;
  onMarkViewed(notificationId: number): void;
  onIgnoreAll(): void;
  /** An in-app link was followed: the panel closes. */
  onNavigate(): void;
}

const LEVEL_LABEL: Record<NotificationLevel, string> = { info: 'Info', warning: 'Warning', error: 'Error' };

/** The body of the alerts panel. Opening it marks nothing; a click on an alert marks that one. */
export function AlertsList({ status, notifications, unviewedCount, error, timeZone, onRetry, onMarkViewed, onIgnoreAll, onNavigate }: AlertsListProps) {
  if (status === 'loading') return <Loader />;
  if (status === 'failed') {
    return (
      <NoContent title={error ?? 'Could not load the alerts.'} size="small">
        <Button onClick={onRetry}>Try again</Button>
      </NoContent>
    );
  }
  if (notifications.length === 0) return <NoContent title={NO_ALERTS_TEXT} size="small" />;
  const anyUnviewed = unviewedCount > 0 || notifications.some((n) => !n.viewed);
  return (
    <>
      <div className="cs-alerts__toolbar">
        {error && (
          <p className="cs-alerts__error" role="alert">
            {error}
          </p>
        )}
        <Button variant="link" size="small" onClick={onIgnoreAll} disabled={!anyUnviewed}>
          {IGNORE_ALL_LABEL}
        </Button>
      </div>
      <ul className="cs-alerts">
        {notifications.map((n) => (
          <li key={n.notificationId} className={`cs-alert-item cs-alert-item--${n.level}${n.viewed ? ' cs-alert-item--viewed' : ''}`}>
            <button
              type="button"
              className="cs-alert-item__body"
              onClick={() => onMarkViewed(n.notificationId)}
              title={n.viewed ? undefined : 'Mark as viewed'}
            >
              <span className="cs-alert-item__meta">
                <span className="cs-alert-item__level">{LEVEL_LABEL[n.level]}</span>
                <time dateTime={new Date(n.createdAt).toISOString()}>{formatDateTime(n.createdAt, timeZone, { hour12: true })}</time>
              </span>
              <span className="cs-alert-item__title">{n.title}</span>
              {n.description && <span className="cs-alert-item__description">{n.description}</span>}
            </button>
            <AppLink
              href={n.link}
              className="cs-alert-item__link"
              onFollow={(kind) => {
                onMarkViewed(n.notificationId);
                if (kind === 'app') onNavigate();
              }}
            >
              Open
            </AppLink>
          </li>
        ))}
      </ul>
    </>
  );
}
