import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { signupErrors, signupMachine, type SignupValues } from './signup.machine.js';
import { apiError, authResult } from './test-fixtures.js';

const values: SignupValues = { email: 'ada@example.com', password: 'secret-123', fullname: 'Ada Lovelace', organizationName: 'Acme', projectHost: 'shop.acme.test' };

function start(impl: (input: SignupValues) => Promise<ReturnType<typeof authResult>>) {
  const calls: SignupValues[] = [];
  const machine = signupMachine.provide({
    actors: {
      signup: fromPromise(async ({ input }: { input: SignupValues }) => {
        calls.push(input);
        return impl(input);
      }),
    },
  });
  const actor = createActor(machine).start();
  return { actor, calls };
}

describe('signup machine', () => {
  it('submits, shows loading, and finishes with the session', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { actor, calls } = start(async () => {
      await gate;
      return authResult();
    });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'SUBMIT', values });
    expect(actor.getSnapshot().value).toBe('loading');
    // A second submit while loading is ignored.
    actor.send({ type: 'SUBMIT', values });
    release();
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(done.value).toBe('success');
    expect(done.output?.jwt).toBe('jwt-1');
    expect(calls).toEqual([values]);
  });

  it('lists the API errors and lets the user submit again', async () => {
    let attempt = 0;
    const { actor } = start(async () => {
      attempt += 1;
      if (attempt === 1) throw apiError(400, ['Email already in use.', 'Password too weak.']);
      return authResult();
    });
    actor.send({ type: 'SUBMIT', values });
    const failed = await waitFor(actor, (s) => s.matches('idle') && s.context.errors.length > 0);
    expect(failed.context.errors).toEqual(['Email already in use.', 'Password too weak.']);
    actor.send({ type: 'SUBMIT', values });
    expect(actor.getSnapshot().context.errors).toEqual([]);
    await waitFor(actor, (s) => s.status === 'done');
  });

  it('shows a connection error when the network fails', async () => {
    const { actor } = start(async () => {
      throw apiError(0, ['Connection error']);
    });
    actor.send({ type: 'SUBMIT', values });
    const failed = await waitFor(actor, (s) => s.context.errors.length > 0);
    expect(failed.context.errors).toEqual(['Connection error']);
  });

  it('checks the fields before calling the API', () => {
    const { actor, calls } = start(async () => authResult());
    actor.send({ type: 'SUBMIT', values: { ...values, password: 'short' } });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.errors).toEqual(['Password must be at least 8 characters.']);
    expect(calls).toEqual([]);
    expect(signupErrors({ email: '', password: '', fullname: ' ', organizationName: '', projectHost: '' })).toHaveLength(5);
  });

  it('asks for the site host of the first project, and refuses what is not a host', () => {
    const { actor, calls } = start(async () => authResult());
    actor.send({ type: 'SUBMIT', values: { ...values, projectHost: ' ' } });
    expect(actor.getSnapshot().context.errors).toEqual(['Enter the site’s host, such as shop.example.com.']);
    actor.send({ type: 'SUBMIT', values: { ...values, projectHost: 'my shop' } });
    expect(actor.getSnapshot().context.errors).toEqual(['The host must be a domain name or an IP address, optionally with a port, such as shop.example.com or localhost:3000.']);
    expect(calls).toEqual([]);
    // A pasted address is fine: the server keeps its host.
    expect(signupErrors({ ...values, projectHost: 'https://shop.acme.test/cart' })).toEqual([]);
  });
});
