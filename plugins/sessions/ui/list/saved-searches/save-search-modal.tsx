import { useState, type FormEvent } from 'react';
import { ApiError, Button, Checkbox, FormErrors, Input, Modal } from '@cassette/plugin-sdk/ui';
import type { SavedSearch, SessionSearchFilter } from '../../../shared/search.js';
import { SAVED_SEARCH_NAME_MAX, savedSearchNameError } from './saved-search-name.js';
import type { SavedSearches } from './use-saved-searches.js';

export interface SaveSearchModalProps {
  saved: SavedSearches;
  filter: SessionSearchFilter;
  /** The active saved search: its author may update it, anyone may save a copy. */
  active: SavedSearch | null;
  canUpdate: boolean;
  onSaved(search: SavedSearch, updated: boolean): void;
  onClose(): void;
}

/** "Save Search": a name (required, trimmed) and whether the team sees it; closes once saved (spec part 1 §4). */
export function SaveSearchModal({ saved, filter, active, canUpdate, onSaved, onClose }: SaveSearchModalProps) {
  const updating = active !== null && canUpdate;
  const [name, setName] = useState(updating ? active.name : '');
  const [isPublic, setIsPublic] = useState(updating ? active.isPublic : false);
  const [nameError, setNameError] = useState<string | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState<'new' | 'update' | null>(null);

  async function save(mode: 'new' | 'update') {
    const problem = savedSearchNameError(name);
    setNameError(problem);
    if (problem) return;
    setBusy(mode);
    setErrors([]);
    const input = { name: name.trim(), filter, isPublic };
    try {
      const result = mode === 'update' && active ? await saved.update(active.searchId, input) : await saved.create(input);
      onSaved(result, mode === 'update');
    } catch (e) {
      setErrors(e instanceof ApiError ? e.errors : ['The search could not be saved: the server did not answer.']);
      setBusy(null);
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save(updating ? 'update' : 'new');
  };

  return (
    <Modal
      title={updating ? 'Update Saved Search' : 'Save Search'}
      size="small"
      onClose={onClose}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          {updating && (
            <Button variant="secondary" loading={busy === 'new'} disabled={busy !== null} onClick={() => void save('new')}>
              Save as new
            </Button>
          )}
          <Button variant="primary" type="submit" form="cs-save-search-form" loading={busy === (updating ? 'update' : 'new')} disabled={busy !== null}>
            {updating ? 'Update' : 'Save'}
          </Button>
        </>
      }
    >
      <form id="cs-save-search-form" className="cs-form" onSubmit={submit} noValidate>
        {active && !canUpdate && (
          <p className="cs-muted">
            “{active.name}” was saved by {active.ownerName || 'a teammate'}; only they can change it. Save your own copy under a new name.
          </p>
        )}
        <Input
          label="Name"
          required
          autoFocus
          maxLength={SAVED_SEARCH_NAME_MAX}
          placeholder="E.g. Failed checkouts on mobile"
          value={name}
          error={nameError ?? undefined}
          onChange={(e) => {
            setName(e.target.value);
            if (nameError) setNameError(savedSearchNameError(e.target.value));
          }}
        />
        <Checkbox label="Share with team" hint="Everyone in the project sees it in Saved Searches; only you can change or delete it." checked={isPublic} onChange={(e) => setIsPublic(e.target.checked)} />
        {errors.length > 0 && (
          <>
            <FormErrors errors={errors} />
            <p className="cs-muted">Check the name and the filters, then save again. Nothing was saved.</p>
          </>
        )}
      </form>
    </Modal>
  );
}
