import { assign, fromPromise, setup } from 'xstate';
import { errorsOf, statusOf } from '../app/errors.js';
import type { AuthResult } from './auth-result.js';
import { newPasswordErrors } from './password-rules.js';

/** GET /api/password/token answer. */
export interface TokenInfo {
  email: string;
  name: string;
  kind: 'reset' | 'invitation';
}

type ResetEvent =
  | { type: 'REQUEST_LINK'; email: string }
  | { type: 'REQUEST_NEW' }
  | { type: 'RETRY' }
  | { type: 'SUBMIT'; password: string; confirm: string };

interface ResetContext {
  token: string | null;
  info: TokenInfo | null;
  email: string;
  password: string;
  errors: string[];
  result: AuthResult | null;
}

const passwordErrors = (event: ResetEvent) => (event.type === 'SUBMIT' ? newPasswordErrors(event.password, event.confirm) : []);
const isGone = (_: unknown, params: { error: unknown }) => statusOf(params.error) === 404;

/**
 * Forgot password and invitation acceptance.
 * Without a token: requestForm → requesting → linkSent.
 * With `?token=`: checkingToken → passwordForm (shows the e-mail) → resetting → done (logged in);
 * a used or expired token (404) → expired, which offers to request a new link.
 */
export const resetPasswordMachine = setup({
  types: {
    context: {} as ResetContext,
    events: {} as ResetEvent,
    input: {} as { token?: string | null } | undefined,
    output: {} as AuthResult,
  },
  actors: {
    requestLink: fromPromise<void, { email: string }>(async () => {
      throw new Error('requestLink is not implemented');
    }),
    checkToken: fromPromise<TokenInfo, { token: string }>(async () => {
      throw new Error('checkToken is not implemented');
    }),
    resetPassword: fromPromise<AuthResult, { token: string; password: string }>(async () => {
      throw new Error('resetPassword is not implemented');
    }),
  },
  guards: {
    hasToken: ({ context }) => Boolean(context.token),
    gone: isGone,
    invalidPassword: ({ event }) => passwordErrors(event).length > 0,
  },
}).createMachine({
  id: 'resetPassword',
  initial: 'start',
  context: ({ input }) => ({ token: input?.token || null, info: null, email: '', password: '', errors: [], result: null }),
  states: {
    start: {
      always: [{ guard: 'hasToken', target: 'checkingToken' }, { target: 'requestForm' }],
    },
    requestForm: {
      on: {
        REQUEST_LINK: { target: 'requesting', actions: assign({ email: ({ event }) => event.email.trim(), errors: [] }) },
      },
    },
    requesting: {
      invoke: {
        src: 'requestLink',
        input: ({ context }) => ({ email: context.email }),
        onDone: 'linkSent',
        onError: { target: 'requestForm', actions: assign({ errors: ({ event }) => errorsOf(event.error) }) },
      },
    },
    linkSent: {
      on: { REQUEST_NEW: { target: 'requestForm', actions: assign({ errors: [] }) } },
    },
    checkingToken: {
      invoke: {
        src: 'checkToken',
        input: ({ context }) => ({ token: context.token as string }),
        onDone: { target: 'passwordForm', actions: assign({ info: ({ event }) => event.output }) },
        onError: [
          { guard: { type: 'gone', params: ({ event }) => ({ error: event.error }) }, target: 'expired' },
          { target: 'tokenError', actions: assign({ errors: ({ event }) => errorsOf(event.error) }) },
        ],
      },
    },
    tokenError: {
      on: { RETRY: { target: 'checkingToken', actions: assign({ errors: [] }) } },
    },
    expired: {
      on: { REQUEST_NEW: { target: 'requestForm', actions: assign({ token: null, info: null, errors: [] }) } },
    },
    passwordForm: {
      on: {
        SUBMIT: [
          { guard: 'invalidPassword', actions: assign({ errors: ({ event }) => passwordErrors(event) }) },
          {
            target: 'resetting',
            actions: assign({ password: ({ event }) => (event.type === 'SUBMIT' ? event.password : ''), errors: [] }),
          },
        ],
      },
    },
    resetting: {
      invoke: {
        src: 'resetPassword',
        input: ({ context }) => ({ token: context.token as string, password: context.password }),
        onDone: { target: 'done', actions: assign({ result: ({ event }) => event.output, password: '' }) },
        onError: [
          { guard: { type: 'gone', params: ({ event }) => ({ error: event.error }) }, target: 'expired', actions: assign({ password: '' }) },
          { target: 'passwordForm', actions: assign({ errors: ({ event }) => errorsOf(event.error), password: '' }) },
        ],
      },
    },
    done: { type: 'final' },
  },
  output: ({ context }) => context.result as AuthResult,
});
