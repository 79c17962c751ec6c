import { useState, type FormEvent, type ReactNode } from 'react';
import { ApiError, Button, Checkbox, FormErrors, Input, Modal } from '@cassette/plugin-sdk/ui';
import { DEFAULT_FUNNEL_NAME, FUNNEL_NAME_MAX } from '../../shared/funnel.js';
import { SHARED_WITH_TEAM } from '../constants.js';

export interface FunnelNameAndSharing {
  name: string;
  isPublic: boolean;
}

export interface SaveFunnelDialogProps {
  /** The funnel being modified; null saves a new one. */
  existing: FunnelNameAndSharing | null;
  /** What will be saved (the steps and filters of the search), shown above the fields. */
  summary?: ReactNode;
  /** Why it cannot be saved as it is; the Save button stays off. */
  problem?: string | null;
  /** Saves; a rejection keeps the dialog open with the server's reasons. */
  onSave(input: FunnelNameAndSharing): Promise<unknown>;
  onClose(): void;
}

/** Spec part 1 §5: a name blank after trimming saves nothing. */
export function funnelNameToSave(typed: string): string | null {
  const name = typed.trim();
  return name ? name : null;
}

/**
 * "Save funnel" (spec part 1 §2, §5): a name, Untitled unless typed, and whether the team sees
 * it. A blank name saves nothing. The button reads Modify for a funnel that exists, else Save.
 */
export function SaveFunnelDialog({ existing, summary, problem = null, onSave, onClose }: SaveFunnelDialogProps) {
  const [name, setName] = useState(existing?.name ?? DEFAULT_FUNNEL_NAME);
  const [isPublic, setIsPublic] = useState(existing?.isPublic ?? false);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const nameToSave = funnelNameToSave(name);
  const action = existing ? 'Modify' : 'Save';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (nameToSave === null || problem || busy) return;
    setBusy(true);
    setErrors([]);
    try {
      await onSave({ name: nameToSave, isPublic });
    } catch (e) {
      setErrors(e instanceof ApiError ? e.errors : ['The funnel could not be saved: the server did not answer.']);
      setBusy(false);
    }
  }

  return (
    <Modal
      title={existing ? 'Modify Funnel' : 'Save Funnel'}
      size="small"
      onClose={onClose}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="primary"
            type="submit"
            form="cs-save-funnel-form"
            loading={busy}
            disabled={nameToSave === null || problem !== null}
            title={nameToSave === null ? 'Type a name first' : (problem ?? undefined)}
            data-testid="save-funnel-submit"
          >
            {action}
          </Button>
        </>
      }
    >
      <form id="cs-save-funnel-form" className="cs-form cs-save-funnel" onSubmit={(e) => void submit(e)} noValidate>
        {summary}
        {problem && (
          <p className="cs-notice" role="alert">
            {problem}
          </p>
        )}
        <Input label="Name" autoFocus maxLength={FUNNEL_NAME_MAX} placeholder={DEFAULT_FUNNEL_NAME} value={name} onChange={(e) => setName(e.target.value)} />
        <Checkbox label={SHARED_WITH_TEAM} hint="Everyone in the project sees it in the Funnels list." checked={isPublic} onChange={(e) => setIsPublic(e.target.checked)} />
        {errors.length > 0 && (
          <>
            <FormErrors errors={errors} />
            <p className="cs-muted">Nothing was saved. Check the name and the steps, then try again.</p>
          </>
        )}
      </form>
    </Modal>
  );
}
