import { useCallback, useId, useRef, useState } from 'react';
import { ApiError, Button, ConfirmDialog, permanentDeleteQuestion, useHost, useDismiss } from '@cassette/plugin-sdk/ui';
import type { SavedSearch } from '../../../shared/search.js';
import type { SavedSearches } from './use-saved-searches.js';

export const SHARED_WITH_TEAM = 'Shared with team';

export interface SavedSearchesDropdownProps {
  saved: SavedSearches;
  activeId: number | null;
  onApply(search: SavedSearch): void;
  /** A deleted search was the active one. */
  onActiveDeleted(): void;
}

/** "Saved Searches": apply one, or delete one of one's own after a confirmation (spec part 1 §4). */
export function SavedSearchesDropdown({ saved, activeId, onApply, onActiveDeleted }: SavedSearchesDropdownProps) {
  const { account, toast } = useHost();
  const [open, setOpen] = useState(false);
  const [deleting, setDeleting] = useState<SavedSearch | null>(null);
  const [busy, setBusy] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(ref, open && deleting === null, close);

  async function confirmDelete() {
    const search = deleting;
    if (!search) return;
    setBusy(true);
    try {
      await saved.remove(search.searchId);
      toast(`Deleted the saved search “${search.name}”.`, 'success');
      if (search.searchId === activeId) onActiveDeleted();
    } catch (e) {
      const why = e instanceof ApiError ? e.errors.join(' ') : 'The server did not answer.';
      toast(`“${search.name}” could not be deleted: ${why} Try again in a moment.`, 'error');
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  }

  return (
    <div className="cs-saved-searches" ref={ref}>
      <Button variant="secondary" aria-haspopup="true" aria-expanded={open} aria-controls={open ? panelId : undefined} data-testid="saved-searches-button" onClick={() => setOpen((o) => !o)}>
        Saved Searches{saved.list.length > 0 ? ` (${saved.list.length})` : ''}
      </Button>
      {open && (
        <div className="cs-filter-popover cs-saved-searches__panel" id={panelId} role="group" aria-label="Saved searches" data-testid="saved-searches">
          {saved.loading && saved.list.length === 0 && <p className="cs-muted cs-saved-searches__note">Loading saved searches…</p>}
          {saved.errors.length > 0 && (
            <div className="cs-saved-searches__note" role="alert">
              <p>{saved.errors.join(' ')} Check your connection and try again.</p>
              <Button size="small" variant="secondary" onClick={saved.reload}>
                Try again
              </Button>
            </div>
          )}
          {!saved.loading && saved.errors.length === 0 && saved.list.length === 0 && (
            <p className="cs-muted cs-saved-searches__note">No saved searches yet. Build a search with steps or filters, then choose Save Search.</p>
          )}
          <ul className="cs-saved-searches__list">
            {saved.list.map((search) => {
              const own = search.userId === account.id;
              return (
                <li key={search.searchId} className={['cs-saved-searches__item', search.searchId === activeId ? 'is-active' : ''].filter(Boolean).join(' ')} data-testid="saved-search" data-search-id={search.searchId}>
                  <button
                    type="button"
                    className="cs-saved-searches__apply"
                    aria-current={search.searchId === activeId ? 'true' : undefined}
                    onClick={() => {
                      onApply(search);
                      close();
                    }}
                  >
                    <span className="cs-saved-searches__name">{search.name}</span>
                    <span className="cs-saved-searches__meta">
                      {search.isPublic && <span className="cs-badge cs-badge--primary">{SHARED_WITH_TEAM}</span>}
                      {!own && <span className="cs-muted">by {search.ownerName || 'a teammate'}</span>}
                    </span>
                  </button>
                  {own && (
                    <button type="button" className="cs-icon-btn" aria-label={`Delete ${search.name}`} onClick={() => setDeleting(search)}>
                      <TrashIcon />
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      )}
      {deleting && (
        <ConfirmDialog
          message={permanentDeleteQuestion(`"${deleting.name}"`)}
          confirmLabel="Delete"
          loading={busy}
          onConfirm={confirmDelete}
          onCancel={() => setDeleting(null)}
        />
      )}
    </div>
  );
}

function TrashIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6M10 11v6M14 11v6" />
    </svg>
  );
}
