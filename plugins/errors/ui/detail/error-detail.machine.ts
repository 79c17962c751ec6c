import { assign, fromPromise, setup } from 'xstate';
import type { ErrorDetail, ErrorStatus, ErrorStatusChange } from '../../api.js';
import type { StatusAction } from '../paths.js';

/** The status each action leads to (spec part 2 §4). */
export const ACTION_STATUS: Record<StatusAction, ErrorStatus> = { solve: 'resolved', unsolve: 'unresolved', ignore: 'ignored' };

export interface DetailLoadFailure {
  notFound: boolean;
  message: string;
}

export interface ErrorDetailContext {
  errorId: string;
  detail: ErrorDetail | null;
  failure: DetailLoadFailure | null;
  /** After a status change the actions stay off until the page is loaded again (spec part 2 §4 "marked disabled"). */
  disabled: boolean;
  /** The action under way, for its spinner. */
  pendingAction: StatusAction | null;
  /** Why the last status change failed. */
  statusError: string | null;
}

export type ErrorDetailEvent =
  | { type: 'RETRY' }
  | { type: 'CHANGE_STATUS'; action: StatusAction }
  | { type: 'FAVORITE_CHANGED'; favorite: boolean };

/**
 * The error detail page's behaviour, free of the DOM: the page provides `loadDetail` and
 * `changeStatus` (the API calls); tests provide stand-ins.
 */
export const errorDetailMachine = setup({
  types: {
    context: {} as ErrorDetailContext,
    events: {} as ErrorDetailEvent,
    input: {} as { errorId: string },
  },
  actors: {
    loadDetail: fromPromise<ErrorDetail, { errorId: string }>(async () => {
      throw new Error('loadDetail is provided by the page');
    }),
    changeStatus: fromPromise<ErrorStatusChange, { errorId: string; action: StatusAction }>(async () => {
      throw new Error('changeStatus is provided by the page');
    }),
  },
  guards: {
    // Skipped when the error already has the target status (spec part 2 §4).
    changesStatus: ({ context, event }) => event.type === 'CHANGE_STATUS' && context.detail !== null && context.detail.status !== ACTION_STATUS[event.action],
  },
}).createMachine({
  id: 'errorDetail',
  context: ({ input }) => ({ errorId: input.errorId, detail: null, failure: null, disabled: false, pendingAction: null, statusError: null }),
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ failure: null }),
      invoke: {
        src: 'loadDetail',
        input: ({ context }) => ({ errorId: context.errorId }),
        onDone: { target: 'ready', actions: assign({ detail: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
    },
    failed: {
      on: { RETRY: 'loading' },
    },
    ready: {
      initial: 'idle',
      on: {
        FAVORITE_CHANGED: { actions: assign({ detail: ({ context, event }) => context.detail && { ...context.detail, favorite: event.favorite } }) },
      },
      states: {
        idle: {
          on: {
            CHANGE_STATUS: {
              guard: 'changesStatus',
              target: 'changing',
              actions: assign({ pendingAction: ({ event }) => event.action, statusError: null }),
            },
          },
        },
        changing: {
          invoke: {
            src: 'changeStatus',
            input: ({ context }) => ({ errorId: context.errorId, action: context.pendingAction! }),
            onDone: {
              target: 'changed',
              actions: assign({
                detail: ({ context, event }) => context.detail && { ...context.detail, status: event.output.status ?? ACTION_STATUS[context.pendingAction!] },
                pendingAction: null,
                disabled: true,
              }),
            },
            onError: { target: 'idle', actions: assign({ pendingAction: null, statusError: ({ event }) => failureOf(event.error).message }) },
          },
        },
        changed: {},
      },
    },
  },
});

export const DETAIL_LOAD_FAILED = 'The error could not be loaded.';

function failureOf(error: unknown): DetailLoadFailure {
  const status = (error as { status?: unknown })?.status;
  const errors = (error as { errors?: unknown })?.errors;
  const message = Array.isArray(errors) && typeof errors[0] === 'string' ? errors[0] : DETAIL_LOAD_FAILED;
  return { notFound: status === 404, message };
}
