import { assign, emit, fromPromise, setup } from 'xstate';
import type { Alert } from '../../api.js';
import { ALERT_CREATED, ALERT_DELETED, ALERT_DELETE_FAILED, ALERT_SAVE_FAILED, ALERT_UPDATED } from '../constants.js';
import { draftProblems, type AlertDraft } from './alert-draft.js';

export interface AlertFormContext {
  draft: AlertDraft;
  /** What the server said when a save failed. */
  errors: string[];
}

export type AlertFormEvent =
  | { type: 'EDIT'; patch: Partial<AlertDraft> }
  | { type: 'SAVE' }
  | { type: 'DELETE' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' };

export type AlertFormEmitted =
  | { type: 'toast'; message: string; kind: 'success' | 'error' }
  /** `created`: a new alert (spec §4: the form then closes; an update keeps it open). */
  | { type: 'saved'; alert: Alert; created: boolean }
  | { type: 'deleted'; alertId: number };

const toast = (message: string, kind: 'success' | 'error') => ({ type: 'toast' as const, message, kind });
const errorsOf = (error: unknown): string[] => {
  const errors = (error as { errors?: unknown })?.errors;
  return Array.isArray(errors) ? errors.filter((e): e is string => typeof e === 'string') : [];
};

/**
 * The alert form (spec part 1 §4, §5, §8): editing; Save only while the alert is valid and not
 * saving; Delete asks for confirmation first, then removes it and closes.
 */
export const alertFormMachine = setup({
  types: {
    context: {} as AlertFormContext,
    events: {} as AlertFormEvent,
    input: {} as { draft: AlertDraft },
    emitted: {} as AlertFormEmitted,
  },
  actors: {
    saveAlert: fromPromise<Alert, { draft: AlertDraft }>(async () => {
      throw new Error('saveAlert is provided by the form');
    }),
    deleteAlert: fromPromise<void, { alertId: number }>(async () => {
      throw new Error('deleteAlert is provided by the form');
    }),
  },
  guards: {
    valid: ({ context }) => draftProblems(context.draft).length === 0,
    saved: ({ context }) => context.draft.alertId !== null,
  },
}).createMachine({
  id: 'alertForm',
  context: ({ input }) => ({ draft: input.draft, errors: [] }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        EDIT: { actions: assign({ draft: ({ context, event }) => ({ ...context.draft, ...event.patch }) }) },
        SAVE: { guard: 'valid', target: 'saving' },
        DELETE: { guard: 'saved', target: 'confirmingDelete' },
      },
    },
    saving: {
      entry: assign({ errors: [] }),
      invoke: {
        src: 'saveAlert',
        input: ({ context }) => ({ draft: context.draft }),
        onDone: {
          target: 'editing',
          actions: [
            emit(({ context }) => toast(context.draft.alertId === null ? ALERT_CREATED : ALERT_UPDATED, 'success')),
            emit(({ context, event }) => ({ type: 'saved' as const, alert: event.output, created: context.draft.alertId === null })),
            assign({ draft: ({ context, event }) => ({ ...context.draft, alertId: event.output.alertId }) }),
          ],
        },
        onError: { target: 'editing', actions: [assign({ errors: ({ event }) => errorsOf(event.error) }), emit(toast(ALERT_SAVE_FAILED, 'error'))] },
      },
    },
    confirmingDelete: {
      on: { CONFIRM: 'deleting', CANCEL: 'editing' },
    },
    deleting: {
      invoke: {
        src: 'deleteAlert',
        input: ({ context }) => ({ alertId: context.draft.alertId! }),
        onDone: { target: 'deleted', actions: [emit(toast(ALERT_DELETED, 'success')), emit(({ context }) => ({ type: 'deleted' as const, alertId: context.draft.alertId! }))] },
        onError: { target: 'editing', actions: emit(toast(ALERT_DELETE_FAILED, 'error')) },
      },
    },
    deleted: { type: 'final' },
  },
});
