import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { AuthResult } from './auth-result.js';
import { loginMachine, type Credentials } from './login.machine.js';
import { apiError, authResult } from './test-fixtures.js';

interface Stubs {
  login?(c: Credentials): Promise<AuthResult>;
  changePassword?(i: { jwt: string; oldPassword: string; newPassword: string }): Promise<AuthResult>;
}

function start(stubs: Stubs, input?: { pendingJwt?: string | null }) {
  const changeCalls: { jwt: string; oldPassword: string; newPassword: string }[] = [];
  const machine = loginMachine.provide({
    actors: {
      login: fromPromise(async ({ input }: { input: Credentials }) => (stubs.login ?? (async () => authResult()))(input)),
      changePassword: fromPromise(async ({ input }: { input: { jwt: string; oldPassword: string; newPassword: string } }) => {
        changeCalls.push(input);
        return (stubs.changePassword ?? (async () => authResult({}, 'jwt-2')))(input);
      }),
    },
  });
  return { actor: createActor(machine, { input }).start(), changeCalls };
}

const credentials = { email: 'ada@example.com', password: 'secret-123' };

describe('login machine', () => {
  it('logs in directly when no password change is required', async () => {
    const { actor } = start({});
    expect(actor.getSnapshot().value).toBe('credentials');
    actor.send({ type: 'SUBMIT', credentials });
    expect(actor.getSnapshot().value).toBe('authenticating');
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(done.output).toEqual(authResult());
  });

  it('shows the errors of a failed login and stays on the form', async () => {
    const { actor } = start({
      login: async () => {
        throw apiError(401, ['Wrong email or password.']);
      },
    });
    actor.send({ type: 'SUBMIT', credentials });
    const failed = await waitFor(actor, (s) => s.matches('credentials') && s.context.errors.length > 0);
    expect(failed.context.errors).toEqual(['Wrong email or password.']);
  });

  it('asks for a new password when the account requires it, then finishes with the new session', async () => {
    const { actor, changeCalls } = start({ login: async () => authResult({ changePassword: true }, 'jwt-pending') });
    actor.send({ type: 'SUBMIT', credentials });
    const asking = await waitFor(actor, (s) => s.matches('changePassword'));
    expect(asking.status).toBe('active');
    expect(asking.context.jwt).toBe('jwt-pending');

    // Client-side checks first: too short and not matching.
    actor.send({ type: 'CHANGE_PASSWORD', oldPassword: 'secret-123', newPassword: 'short', confirmPassword: 'other' });
    expect(actor.getSnapshot().value).toBe('changePassword');
    expect(actor.getSnapshot().context.errors).toEqual(['Password must be at least 8 characters.', "Passwords don't match."]);
    expect(changeCalls).toEqual([]);

    actor.send({ type: 'CHANGE_PASSWORD', oldPassword: 'secret-123', newPassword: 'new-secret-1', confirmPassword: 'new-secret-1' });
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(changeCalls).toEqual([{ jwt: 'jwt-pending', oldPassword: 'secret-123', newPassword: 'new-secret-1' }]);
    expect(done.output?.jwt).toBe('jwt-2');
  });

  it('shows the password errors the API returns', async () => {
    const { actor } = start({
      login: async () => authResult({ changePassword: true }, 'jwt-pending'),
      changePassword: async () => {
        throw apiError(400, ['The new password must differ from the old one.']);
      },
    });
    actor.send({ type: 'SUBMIT', credentials });
    await waitFor(actor, (s) => s.matches('changePassword'));
    actor.send({ type: 'CHANGE_PASSWORD', oldPassword: 'secret-123', newPassword: 'secret-123', confirmPassword: 'secret-123' });
    const failed = await waitFor(actor, (s) => s.matches('changePassword') && s.context.errors.length > 0);
    expect(failed.context.errors).toEqual(['The new password must differ from the old one.']);
  });

  it('starts on the change-password screen for a stored session with a pending change', async () => {
    const { actor, changeCalls } = start({}, { pendingJwt: 'stored' });
    expect(actor.getSnapshot().value).toBe('changePassword');
    actor.send({ type: 'CHANGE_PASSWORD', oldPassword: 'old-pass-1', newPassword: 'new-pass-1', confirmPassword: 'new-pass-1' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(changeCalls[0]?.jwt).toBe('stored');
  });

  it('can go back to the credentials form', async () => {
    const { actor } = start({ login: async () => authResult({ changePassword: true }, 'p') });
    actor.send({ type: 'SUBMIT', credentials });
    await waitFor(actor, (s) => s.matches('changePassword'));
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('credentials');
    expect(actor.getSnapshot().context.jwt).toBeNull();
  });
});
