import { useEffect, useMemo, useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useApi, useToast } from '@cassette/plugin-sdk/ui';
import type { Alert } from '../../api.js';
import { alertsRoutes } from '../paths.js';
import { bodyOf, type AlertDraft } from './alert-draft.js';
import { alertFormMachine } from './alert-form.machine.js';

export interface AlertFormCallbacks {
  onSaved(alert: Alert, created: boolean): void;
  onDeleted(alertId: number): void;
}

/** The alert form's machine with the API as its actors; its toasts go to the host. */
export function useAlertForm(projectId: number, initial: AlertDraft, callbacks: AlertFormCallbacks) {
  const api = useApi();
  const toast = useToast();
  const latest = useRef(callbacks);
  latest.current = callbacks;
  const machine = useMemo(
    () =>
      alertFormMachine.provide({
        actors: {
          saveAlert: fromPromise(async ({ input }: { input: { draft: AlertDraft } }) =>
            api.put<Alert>(input.draft.alertId === null ? alertsRoutes.alerts(projectId) : alertsRoutes.alert(projectId, input.draft.alertId), bodyOf(input.draft)),
          ),
          deleteAlert: fromPromise(async ({ input }: { input: { alertId: number } }) => {
            await api.del(alertsRoutes.alert(projectId, input.alertId));
          }),
        },
      }),
    [api, projectId],
  );
  const actor = useActorRef(machine, { input: { draft: initial } });
  useEffect(() => {
    const subscriptions = [
      actor.on('toast', (e) => toast(e.message, e.kind)),
      actor.on('saved', (e) => latest.current.onSaved(e.alert, e.created)),
      actor.on('deleted', (e) => latest.current.onDeleted(e.alertId)),
    ];
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [actor, toast]);
  const snapshot = useSelector(actor, (s) => s);
  return { actor, snapshot };
}
