import { Link } from 'react-router-dom';
import { ApiError, Button, DateRangePicker, EditableText, Spinner, useHost } from '@cassette/plugin-sdk/ui';
import type { Funnel } from '../../shared/funnel.js';
import { SHARED_WITH_TEAM } from '../constants.js';
import type { FunnelRange } from '../common/funnel-view.js';

export interface FunnelHeaderProps {
  projectId: number;
  funnel: Funnel;
  range: FunnelRange;
  /** The figures are being fetched again; the old ones still show. */
  refreshing: boolean;
  /** The viewer wrote the funnel: they rename and modify it. */
  own: boolean;
  onRange(range: FunnelRange): void;
  onRename(name: string): Promise<void>;
  /** Opens the save dialog. */
  onEdit(): void;
}

/** The funnel's name (its author renames it in place or modifies it), sharing, and the date range. */
export function FunnelHeader({ projectId, funnel, range, refreshing, own, onRange, onRename, onEdit }: FunnelHeaderProps) {
  const { toast } = useHost();

  async function rename(name: string) {
    try {
      await onRename(name);
    } catch (e) {
      toast(`The funnel could not be renamed: ${e instanceof ApiError ? e.errors.join(' ') : 'the server did not answer.'}`, 'error');
    }
  }

  return (
    <div className="cs-page__header cs-funnel-header">
      <div className="cs-funnel-header__name">
        <Link to={`/${projectId}/sessions`} className="cs-link cs-funnel-header__back">
          ← Sessions
        </Link>
        <h1 className="cs-page__title" data-field="funnel-name">
          {own ? <EditableText value={funnel.name} label="Funnel name" onSave={(name) => void rename(name)} /> : funnel.name}
        </h1>
        {funnel.isPublic && (
          <span className="cs-badge cs-badge--primary" data-field="shared">
            {SHARED_WITH_TEAM}
          </span>
        )}
        {refreshing && <Spinner size="small" label="Updating the figures" />}
      </div>
      <div className="cs-page__actions">
        <DateRangePicker
          value={range.rangeValue}
          startDate={range.rangeValue === 'CUSTOM_RANGE' ? range.startDate : null}
          endDate={range.rangeValue === 'CUSTOM_RANGE' ? range.endDate : null}
          onChange={(rangeValue, bounds) => onRange({ rangeValue, ...bounds })}
        />
        {own && (
          <Button variant="secondary" onClick={onEdit}>
            Edit
          </Button>
        )}
      </div>
    </div>
  );
}
