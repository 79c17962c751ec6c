import { useState } from 'react';
import { useHost } from '@cassette/plugin-sdk/ui';
import { errorsOf } from '../app/errors.js';

export interface ConfirmedDeleteOptions<T> {
  /** API path that deletes the item. */
  path(item: T): string;
  /** Toast after a successful delete. */
  deleted: string;
  /** Toast when the server gives no message. */
  failed: string;
  /** Refresh whatever lists the item. */
  after(): unknown;
  /** Replaces the error toast; the dialog then closes. */
  onErrors?(errors: string[]): void;
}

export interface ConfirmedDelete<T> {
  /** The item awaiting confirmation, or null while no dialog is open. */
  deleting: T | null;
  ask(item: T): void;
  cancel(): void;
  confirm(): Promise<void>;
  busy: boolean;
}

/** The ask → confirm → delete → refresh cycle every settings list shares. */
export function useConfirmedDelete<T>(options: ConfirmedDeleteOptions<T>): ConfirmedDelete<T> {
  const { api, toast } = useHost();
  const [deleting, setDeleting] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await api.del(options.path(deleting));
      toast(options.deleted, 'success');
      setDeleting(null);
      await options.after();
    } catch (error) {
      if (options.onErrors) {
        options.onErrors(errorsOf(error));
        setDeleting(null);
      } else {
        toast(errorsOf(error)[0] ?? options.failed, 'error');
      }
    } finally {
      setBusy(false);
    }
  };

  return { deleting, ask: setDeleting, cancel: () => setDeleting(null), confirm, busy };
}
