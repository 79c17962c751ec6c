import { useState } from 'react';
import { ApiError, Button, FormErrors, Modal, useApi } from '@cassette/plugin-sdk/ui';
import type { ErrorListItem, ErrorMergeResult } from '../../api.js';
import { errorsRoutes } from '../paths.js';

export const MERGE_FAILED = 'The errors could not be merged.';

export interface MergeDialogProps {
  projectId: number;
  /** In the order they were selected: the first is kept. */
  errors: ErrorListItem[];
  onMerged(result: ErrorMergeResult): void;
  onCancel(): void;
}

/** Spec part 2 §4: merging keeps the first error; the others become part of it. */
export function MergeDialog({ projectId, errors, onMerged, onCancel }: MergeDialogProps) {
  const api = useApi();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string[]>([]);
  const [kept, ...merged] = errors;

  async function merge() {
    setSaving(true);
    setFailure([]);
    try {
      const result = await api.post<ErrorMergeResult>(errorsRoutes.merge(projectId), { errors: errors.map((e) => e.errorId) });
      onMerged({ errorId: result?.errorId ?? kept!.errorId, merged: result?.merged ?? merged.map((e) => e.errorId) });
    } catch (e) {
      setFailure(e instanceof ApiError ? e.errors : [MERGE_FAILED]);
      setSaving(false);
    }
  }

  return (
    <Modal
      title={`Merge ${errors.length} errors`}
      size="small"
      onClose={onCancel}
      footer={
        <>
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
          <Button variant="primary" loading={saving} onClick={() => void merge()} autoFocus>
            Merge
          </Button>
        </>
      }
    >
      <div className="cs-merge" data-testid="merge-dialog">
        <p>
          <strong>{kept?.name}</strong> <span className="cs-muted">{kept?.message}</span> is kept (it was selected first). The{' '}
          {merged.length === 1 ? 'other error is' : `other ${merged.length} errors are`} merged into it: their occurrences count towards it and they leave the list.
        </p>
        <FormErrors errors={failure} />
      </div>
    </Modal>
  );
}
