import type { ReactNode } from 'react';
import { ConfirmDialog } from '@cassette/plugin-sdk/ui';
import type { ConfirmedDelete } from './use-confirmed-delete.js';

interface ConfirmDeleteDialogProps<T> {
  removal: Pick<ConfirmedDelete<T>, 'deleting' | 'busy' | 'confirm' | 'cancel'>;
  /** The question, naming the item about to go. */
  message(item: T): ReactNode;
}

/** The confirmation step of `useConfirmedDelete`; shown only while an item awaits it. */
export function ConfirmDeleteDialog<T>({ removal, message }: ConfirmDeleteDialogProps<T>) {
  if (removal.deleting === null) return null;
  return (
    <ConfirmDialog
      message={message(removal.deleting)}
      confirmLabel="Delete"
      loading={removal.busy}
      onConfirm={() => void removal.confirm()}
      onCancel={removal.cancel}
    />
  );
}
