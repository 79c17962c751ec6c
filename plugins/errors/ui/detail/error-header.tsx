import { Button, formatAgo, formatDateTime, useHost } from '@cassette/plugin-sdk/ui';
import type { ErrorDetail, ErrorStatus } from '../../api.js';
import { FavoriteStar } from '../favorite/favorite-star.js';
import { SyntheticBadge } from '../synthetic/synthetic-badge.js';
import type { StatusAction } from '../paths.js';
import { ACTION_STATUS } from './error-detail.machine.js';

const STATUS_LABELS: Record<ErrorStatus, string> = { unresolved: 'Unresolved', resolved: 'Resolved', ignored: 'Ignored' };
const ACTIONS: Array<{ action: StatusAction; label: string }> = [
  { action: 'solve', label: 'Resolve' },
  { action: 'unsolve', label: 'Unresolve' },
  { action: 'ignore', label: 'Ignore' },
];

export interface ErrorHeaderProps {
  siteId: number;
  error: ErrorDetail;
  disabled: boolean;
  pendingAction: StatusAction | null;
  onAction(action: StatusAction): void;
  onFavoriteChange(favorite: boolean): void;
}

export function ErrorHeader({ siteId, error: e, disabled, pendingAction, onAction, onFavoriteChange }: ErrorHeaderProps) {
  const { timezone } = useHost();
  return (
    <header className="cs-error-header">
      <div className="cs-error-header__title">
        <h1 className="cs-page__title">
          <span data-field="name">{e.name}</span>
          <span className={`cs-error-status cs-error-status--${e.status}`} data-testid="error-status">
            {STATUS_LABELS[e.status] ?? e.status}
          </span>
          <SyntheticBadge error={e} />
        </h1>
        <p className="cs-error-header__message" data-field="message">
          {e.message}
        </p>
        <p className="cs-error-header__seen cs-muted">
          First seen{' '}
          <time dateTime={new Date(e.firstOccurrence).toISOString()} title={formatDateTime(e.firstOccurrence, timezone, { seconds: true, zone: true })} data-field="first-seen">
            {formatAgo(e.firstOccurrence)}
          </time>{' '}
          · Last seen{' '}
          <time dateTime={new Date(e.lastOccurrence).toISOString()} title={formatDateTime(e.lastOccurrence, timezone, { seconds: true, zone: true })} data-field="last-seen">
            {formatAgo(e.lastOccurrence)}
          </time>
        </p>
      </div>
      <dl className="cs-error-header__counts">
        <div>
          <dt>Users</dt>
          <dd data-field="users">{e.users}</dd>
        </div>
        <div>
          <dt>Sessions</dt>
          <dd data-field="sessions">{e.sessions}</dd>
        </div>
        <div>
          <dt>Occurrences</dt>
          <dd data-field="occurrences">{e.occurrences}</dd>
        </div>
      </dl>
      <div className="cs-error-header__actions" data-testid="status-actions">
        {ACTIONS.filter(({ action }) => ACTION_STATUS[action] !== e.status).map(({ action, label }) => (
          <Button
            key={action}
            size="small"
            variant={action === 'solve' ? 'primary' : 'secondary'}
            disabled={disabled || (pendingAction !== null && pendingAction !== action)}
            loading={pendingAction === action}
            title={disabled ? 'The status just changed: reload the page to change it again.' : undefined}
            onClick={() => onAction(action)}
          >
            {label}
          </Button>
        ))}
        <FavoriteStar projectId={siteId} errorId={e.errorId} favorite={e.favorite} onChange={onFavoriteChange} />
      </div>
    </header>
  );
}
