import { assign, fromPromise, setup } from 'xstate';
import { readSiteHost } from '@cassette/plugin-sdk/ui';
import { errorsOf } from '../app/errors.js';
import type { AuthResult } from './auth-result.js';
import { PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT } from './password-rules.js';

/**
 * POST /api/signup body (spec part 1 §5: the four fields required), plus the first project's
 * site host: replays trust only pages on it, so a project is never created without one.
 */
export interface SignupValues {
  email: string;
  password: string;
  fullname: string;
  organizationName: string;
  projectHost: string;
  /** The captcha's answer, when the install asks for one (GET /signup names the provider). */
  'g-recaptcha-response'?: string;
}

/** Client-side checks; the server checks again. */
export function signupErrors(values: SignupValues): string[] {
  const errors: string[] = [];
  if (!values.email.trim()) errors.push('Email is required.');
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email.trim())) errors.push('Please enter a valid email address.');
  if (values.password.length < PASSWORD_MIN_LENGTH) errors.push(PASSWORD_TOO_SHORT);
  if (!values.fullname.trim()) errors.push('Name is required.');
  if (!values.organizationName.trim()) errors.push('Organization is required.');
  const host = readSiteHost(values.projectHost);
  if (!host.ok) errors.push(host.error);
  return errors;
}

/**
 * Signup: submit → loading → success (the session to store; the page turns onboarding on)
 * or back to the form with the API's error list.
 */
export const signupMachine = setup({
  types: {
    context: {} as { errors: string[]; values: SignupValues | null; result: AuthResult | null },
    events: {} as { type: 'SUBMIT'; values: SignupValues },
    output: {} as AuthResult,
  },
  actors: {
    signup: fromPromise<AuthResult, SignupValues>(async () => {
      throw new Error('signup is not implemented');
    }),
  },
  guards: {
    invalid: ({ event }) => signupErrors(event.values).length > 0,
  },
}).createMachine({
  id: 'signup',
  initial: 'idle',
  context: { errors: [], values: null, result: null },
  states: {
    idle: {
      on: {
        SUBMIT: [
          { guard: 'invalid', actions: assign({ errors: ({ event }) => signupErrors(event.values) }) },
          { target: 'loading', actions: assign({ values: ({ event }) => event.values, errors: [] }) },
        ],
      },
    },
    loading: {
      invoke: {
        src: 'signup',
        input: ({ context }) => context.values as SignupValues,
        onDone: { target: 'success', actions: assign({ result: ({ event }) => event.output }) },
        onError: { target: 'idle', actions: assign({ errors: ({ event }) => errorsOf(event.error) }) },
      },
    },
    success: { type: 'final' },
  },
  output: ({ context }) => context.result as AuthResult,
});
