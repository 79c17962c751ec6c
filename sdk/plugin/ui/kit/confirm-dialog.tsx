import type { ReactNode } from 'react';
import { Button } from './button.js';
import { Modal } from './overlays.js';

/** The spec's confirm button for a permanent delete (part 1 §8). */
export const CONFIRM_DELETE_LABEL = 'Yes, delete';

/**
 * The spec's question before a permanent delete: 'Are you sure you want to permanently delete
 * this metric?', or with a name in quotes ('… delete "Checkout"?') for a funnel.
 */
export function permanentDeleteQuestion(what: string): string {
  return `Are you sure you want to permanently delete ${what}?`;
}

export interface ConfirmDialogProps {
  /** Header; 'Confirm' by default. */
  title?: ReactNode;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red confirm button (deletes). */
  danger?: boolean;
  loading?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/** 'Are you sure…' with confirm and cancel; Escape and a click on the overlay cancel. Render it only while open. */
export function ConfirmDialog({
  title = 'Confirm',
  message,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  danger = true,
  loading = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal
      title={title}
      onClose={onCancel}
      size="small"
      footer={
        <>
          <Button variant="ghost" onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm} loading={loading} autoFocus>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p className="cs-confirm__message">{message}</p>
    </Modal>
  );
}
