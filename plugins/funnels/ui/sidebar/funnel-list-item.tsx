import { useState } from 'react';
import { Link } from 'react-router-dom';
import { EditableText } from '@cassette/plugin-sdk/ui';
import type { FunnelListItem as FunnelListEntry } from '../../shared/funnel.js';
import { SHARED_WITH_TEAM } from '../constants.js';
import { FunnelIcon, PencilIcon, TeamIcon, TrashIcon } from '../common/icons.js';
import { funnelPath } from '../paths.js';

export interface FunnelListItemProps {
  funnel: FunnelListEntry;
  siteId: number;
  /** The author may rename and delete it. */
  own: boolean;
  onRename(name: string): void;
  onDelete(): void;
}

/** One funnel of the sidebar: opens on click; its author renames it in place or deletes it. */
export function FunnelListItem({ funnel, siteId, own, onRename, onDelete }: FunnelListItemProps) {
  const [renaming, setRenaming] = useState(false);
  return (
    <li className="cs-funnels-block__item" data-testid="funnel-item" data-funnel-id={funnel.funnelId}>
      <FunnelIcon />
      {renaming ? (
        <span className="cs-funnels-block__rename">
          <EditableText value={funnel.name} label="Funnel name" startEditing onSave={onRename} onEditEnd={() => setRenaming(false)} />
        </span>
      ) : (
        <Link className="cs-funnels-block__name" to={funnelPath(siteId, funnel.funnelId)} title={funnel.name}>
          {funnel.name}
        </Link>
      )}
      {funnel.isPublic && (
        <span className="cs-funnels-block__shared" title={SHARED_WITH_TEAM} data-field="shared">
          <TeamIcon />
          <span className="cs-visually-hidden">{SHARED_WITH_TEAM}</span>
        </span>
      )}
      {own && !renaming && (
        <span className="cs-funnels-block__actions">
          <button type="button" className="cs-icon-btn" aria-label={`Rename ${funnel.name}`} title="Rename" onClick={() => setRenaming(true)}>
            <PencilIcon />
          </button>
          <button type="button" className="cs-icon-btn" aria-label={`Delete ${funnel.name}`} title="Delete" onClick={onDelete}>
            <TrashIcon />
          </button>
        </span>
      )}
    </li>
  );
}
