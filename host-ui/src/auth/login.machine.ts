import { assign, fromPromise, setup } from 'xstate';
import type { Account, Client } from '@cassette/plugin-sdk/ui';
import { errorsOf } from '../app/errors.js';
import type { AuthResult } from './auth-result.js';
import { newPasswordErrors } from './password-rules.js';

export interface Credentials {
  email: string;
  password: string;
}

export interface PasswordChange {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

type LoginEvent = { type: 'SUBMIT'; credentials: Credentials } | ({ type: 'CHANGE_PASSWORD' } & PasswordChange) | { type: 'CANCEL' };

interface LoginContext {
  errors: string[];
  credentials: Credentials | null;
  /** The token of an account that must change its password first (not stored until then). */
  jwt: string | null;
  account: Account | null;
  client: Client | null;
  change: PasswordChange | null;
  result: AuthResult | null;
}

const changeErrors = (event: LoginEvent) => (event.type === 'CHANGE_PASSWORD' ? newPasswordErrors(event.newPassword, event.confirmPassword) : []);

/**
 * Login: credentials → authenticating → done, or → changePassword when the account must change
 * its password (spec part 1 §2) → changingPassword → done. `input.pendingJwt` starts at the
 * change-password screen (a stored session whose account has changePassword set).
 */
export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    input: {} as { pendingJwt?: string | null } | undefined,
    output: {} as AuthResult,
  },
  actors: {
    login: fromPromise<AuthResult, Credentials>(async () => {
      throw new Error('login is not implemented');
    }),
    changePassword: fromPromise<AuthResult, { jwt: string; oldPassword: string; newPassword: string }>(async () => {
      throw new Error('changePassword is not implemented');
    }),
  },
  guards: {
    hasPendingChange: ({ context }) => context.jwt !== null,
    mustChangePassword: (_, params: { output: AuthResult }) => params.output.account.changePassword === true,
    invalidChange: ({ event }) => changeErrors(event).length > 0,
  },
}).createMachine({
  id: 'login',
  initial: 'start',
  context: ({ input }) => ({
    errors: [],
    credentials: null,
    jwt: input?.pendingJwt ?? null,
    account: null,
    client: null,
    change: null,
    result: null,
  }),
  states: {
    start: {
      always: [{ guard: 'hasPendingChange', target: 'changePassword' }, { target: 'credentials' }],
    },
    credentials: {
      on: {
        SUBMIT: {
          target: 'authenticating',
          actions: assign({ credentials: ({ event }) => event.credentials, errors: [] }),
        },
      },
    },
    authenticating: {
      invoke: {
        src: 'login',
        input: ({ context }) => context.credentials as Credentials,
        onDone: [
          {
            guard: { type: 'mustChangePassword', params: ({ event }) => ({ output: event.output }) },
            target: 'changePassword',
            actions: assign({
              jwt: ({ event }) => event.output.jwt,
              account: ({ event }) => event.output.account,
              client: ({ event }) => event.output.client,
            }),
          },
          { target: 'done', actions: assign({ result: ({ event }) => event.output }) },
        ],
        onError: { target: 'credentials', actions: assign({ errors: ({ event }) => errorsOf(event.error) }) },
      },
    },
    changePassword: {
      on: {
        CHANGE_PASSWORD: [
          { guard: 'invalidChange', actions: assign({ errors: ({ event }) => changeErrors(event) }) },
          {
            target: 'changingPassword',
            actions: assign({
              errors: [],
              change: ({ event }) => event as PasswordChange,
            }),
          },
        ],
        CANCEL: {
          target: 'credentials',
          actions: assign({ jwt: null, account: null, client: null, errors: [] }),
        },
      },
    },
    changingPassword: {
      invoke: {
        src: 'changePassword',
        input: ({ context }) => ({
          jwt: context.jwt as string,
          oldPassword: context.change?.oldPassword ?? '',
          newPassword: context.change?.newPassword ?? '',
        }),
        onDone: { target: 'done', actions: assign({ result: ({ event }) => event.output }) },
        onError: { target: 'changePassword', actions: assign({ errors: ({ event }) => errorsOf(event.error) }) },
      },
    },
    done: { type: 'final' },
  },
  output: ({ context }) => context.result as AuthResult,
});
