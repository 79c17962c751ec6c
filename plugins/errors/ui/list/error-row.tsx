import { Link } from 'react-router-dom';
import { Chart, formatAgo, formatDateTime, useHost } from '@cassette/plugin-sdk/ui';
import type { ErrorListItem } from '../../api.js';
import { sparklineOptions } from '../charts/chart-options.js';
import { FavoriteStar } from '../favorite/favorite-star.js';
import { errorDetailPath } from '../paths.js';
import { SyntheticBadge } from '../synthetic/synthetic-badge.js';

export interface ErrorRowProps {
  error: ErrorListItem;
  siteId: number;
  selected: boolean;
  onSelect(selected: boolean): void;
  onFavoriteChange(favorite: boolean): void;
}

function When({ label, epochMs, field }: { label: string; epochMs: number; field: string }) {
  const { timezone } = useHost();
  return (
    <span className="cs-error-row__when">
      <span className="cs-muted">{label}</span>
      <time dateTime={new Date(epochMs).toISOString()} title={formatDateTime(epochMs, timezone, { seconds: true, zone: true })} data-field={field}>
        {formatAgo(epochMs)}
      </time>
    </span>
  );
}

export function ErrorRow({ error: e, siteId, selected, onSelect, onFavoriteChange }: ErrorRowProps) {
  const { timezone } = useHost();
  return (
    <article className={['cs-error-item', e.viewed ? 'cs-error-item--viewed' : ''].filter(Boolean).join(' ')} data-testid="error-item" data-error-id={e.errorId}>
      <input type="checkbox" className="cs-error-item__check" aria-label={`Select ${e.name}`} checked={selected} onChange={(event) => onSelect(event.target.checked)} />
      <div className="cs-error-item__what">
        <Link to={errorDetailPath(siteId, e.errorId)} className="cs-error-item__title">
          <strong data-field="name">{e.name}</strong> <span className="cs-error-item__message" data-field="message">{e.message}</span>
          {e.status !== 'unresolved' && (
            <span className={`cs-error-status cs-error-status--${e.status}`} data-field="status">
              {e.status === 'resolved' ? 'Resolved' : 'Ignored'}
            </span>
          )}
          <SyntheticBadge error={e} />
        </Link>
        {e.firstFrame && (
          <code className="cs-error-item__frame" data-field="first-frame">
            {e.firstFrame}
          </code>
        )}
        <span className="cs-error-item__times">
          <When label="First seen" epochMs={e.firstOccurrence} field="first-seen" />
          <When label="Last seen" epochMs={e.lastOccurrence} field="last-seen" />
        </span>
      </div>
      <Chart className="cs-error-item__chart" testId="error-sparkline" options={sparklineOptions(e.chart ?? [], timezone)} />
      <span className="cs-error-item__count" title="Users">
        <span data-field="users">{e.users}</span>
        <span className="cs-muted">users</span>
      </span>
      <span className="cs-error-item__count" title="Sessions">
        <span data-field="sessions">{e.sessions}</span>
        <span className="cs-muted">sessions</span>
      </span>
      <span className="cs-error-item__count" title="Occurrences">
        <span data-field="occurrences">{e.occurrences}</span>
        <span className="cs-muted">events</span>
      </span>
      <FavoriteStar projectId={siteId} errorId={e.errorId} favorite={e.favorite} onChange={onFavoriteChange} />
    </article>
  );
}
