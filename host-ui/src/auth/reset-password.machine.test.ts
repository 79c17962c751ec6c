import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { AuthResult } from './auth-result.js';
import { resetPasswordMachine, type TokenInfo } from './reset-password.machine.js';
import { apiError, authResult } from './test-fixtures.js';

interface Stubs {
  requestLink?(i: { email: string }): Promise<void>;
  checkToken?(i: { token: string }): Promise<TokenInfo>;
  resetPassword?(i: { token: string; password: string }): Promise<AuthResult>;
}

function start(stubs: Stubs, token?: string | null) {
  const calls: { name: string; input: unknown }[] = [];
  const machine = resetPasswordMachine.provide({
    actors: {
      requestLink: fromPromise(async ({ input }: { input: { email: string } }) => {
        calls.push({ name: 'requestLink', input });
        await stubs.requestLink?.(input);
      }),
      checkToken: fromPromise(async ({ input }: { input: { token: string } }) => {
        calls.push({ name: 'checkToken', input });
        return (stubs.checkToken ?? (async () => ({ email: 'bob@example.com', name: 'Bob', kind: 'invitation' as const })))(input);
      }),
      resetPassword: fromPromise(async ({ input }: { input: { token: string; password: string } }) => {
        calls.push({ name: 'resetPassword', input });
        return (stubs.resetPassword ?? (async () => authResult()))(input);
      }),
    },
  });
  return { actor: createActor(machine, { input: { token } }).start(), calls };
}

describe('reset-password machine without a token', () => {
  it('requests a link and confirms', async () => {
    const { actor, calls } = start({});
    expect(actor.getSnapshot().value).toBe('requestForm');
    actor.send({ type: 'REQUEST_LINK', email: ' bob@example.com ' });
    expect(actor.getSnapshot().value).toBe('requesting');
    await waitFor(actor, (s) => s.matches('linkSent'));
    expect(calls).toEqual([{ name: 'requestLink', input: { email: 'bob@example.com' } }]);
    actor.send({ type: 'REQUEST_NEW' });
    expect(actor.getSnapshot().value).toBe('requestForm');
  });

  it('shows request errors', async () => {
    const { actor } = start({
      requestLink: async () => {
        throw apiError(429, ['Too many requests.']);
      },
    });
    actor.send({ type: 'REQUEST_LINK', email: 'bob@example.com' });
    const failed = await waitFor(actor, (s) => s.matches('requestForm') && s.context.errors.length > 0);
    expect(failed.context.errors).toEqual(['Too many requests.']);
  });
});

describe('reset-password machine with a token', () => {
  it('shows the e-mail, checks the new password, resets and logs in', async () => {
    const { actor, calls } = start({}, 'tok');
    const form = await waitFor(actor, (s) => s.matches('passwordForm'));
    expect(form.context.info).toEqual({ email: 'bob@example.com', name: 'Bob', kind: 'invitation' });

    actor.send({ type: 'SUBMIT', password: 'short', confirm: 'short' });
    expect(actor.getSnapshot().context.errors).toEqual(['Password must be at least 8 characters.']);
    actor.send({ type: 'SUBMIT', password: 'long-enough', confirm: 'long-enougH' });
    expect(actor.getSnapshot().context.errors).toEqual(["Passwords don't match."]);
    expect(actor.getSnapshot().value).toBe('passwordForm');

    actor.send({ type: 'SUBMIT', password: 'long-enough', confirm: 'long-enough' });
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(done.output?.jwt).toBe('jwt-1');
    expect(calls.at(-1)).toEqual({ name: 'resetPassword', input: { token: 'tok', password: 'long-enough' } });
    expect(done.context.password).toBe('');
  });

  it('says the link expired (404) and offers a new one', async () => {
    const { actor } = start(
      {
        checkToken: async () => {
          throw apiError(404, ['Not found']);
        },
      },
      'old',
    );
    await waitFor(actor, (s) => s.matches('expired'));
    actor.send({ type: 'REQUEST_NEW' });
    expect(actor.getSnapshot().value).toBe('requestForm');
    expect(actor.getSnapshot().context.token).toBeNull();
  });

  it('offers a retry when the token check fails otherwise', async () => {
    let attempt = 0;
    const { actor } = start(
      {
        checkToken: async () => {
          attempt += 1;
          if (attempt === 1) throw apiError(0, ['Connection error']);
          return { email: 'x@example.com', name: 'X', kind: 'reset' };
        },
      },
      'tok',
    );
    const failed = await waitFor(actor, (s) => s.matches('tokenError'));
    expect(failed.context.errors).toEqual(['Connection error']);
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.matches('passwordForm'));
  });

  it('goes to expired when the token is used up while resetting, and back to the form on other errors', async () => {
    let attempt = 0;
    const { actor } = start(
      {
        resetPassword: async () => {
          attempt += 1;
          if (attempt === 1) throw apiError(400, ['Password is too common.']);
          throw apiError(404, ['Not found']);
        },
      },
      'tok',
    );
    await waitFor(actor, (s) => s.matches('passwordForm'));
    actor.send({ type: 'SUBMIT', password: 'password1', confirm: 'password1' });
    const failed = await waitFor(actor, (s) => s.matches('passwordForm') && s.context.errors.length > 0);
    expect(failed.context.errors).toEqual(['Password is too common.']);
    actor.send({ type: 'SUBMIT', password: 'password2', confirm: 'password2' });
    await waitFor(actor, (s) => s.matches('expired'));
  });
});
