import { describe, expect, it } from 'vitest';
import { HttpError } from '@cassette/plugin-sdk/server';
import { PasswordHasher, type PasswordAlgorithm } from './password-hasher.js';

/** An algorithm whose every computation waits until the test lets it finish. */
function heldAlgorithm() {
  const held: (() => void)[] = [];
  const calls: string[] = [];
  const hold = () => new Promise<void>((resolve) => held.push(resolve));
  const algorithm: PasswordAlgorithm = {
    async hash(password) {
      calls.push(`hash ${password}`);
      await hold();
      return `hashed:${password}`;
    },
    async verify(passwordHash, password) {
      calls.push(`verify ${password}`);
      await hold();
      return passwordHash === `hashed:${password}`;
    },
  };
  const releaseAll = async () => {
    while (held.length) {
      held.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  return { algorithm, calls, held, releaseAll };
}

async function refusal(work: Promise<unknown>): Promise<HttpError> {
  const error = await work.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('PasswordHasher', () => {
  it('runs at most `concurrency` computations at once and queues the rest', async () => {
    const a = heldAlgorithm();
    const hasher = new PasswordHasher({ concurrency: 2, queue: 10, perAddressPerMinute: 100 }, a.algorithm);
    const results = ['one', 'two', 'three', 'four'].map((p, i) => hasher.hash(p, `1.1.1.${i}`));
    await settle();
    expect(a.calls).toEqual(['hash one', 'hash two']);
    await a.releaseAll();
    expect(await Promise.all(results)).toEqual(['hashed:one', 'hashed:two', 'hashed:three', 'hashed:four']);
    expect(a.calls).toHaveLength(4);
  });

  it('answers 503 with Retry-After when the queue is full, without computing', async () => {
    const a = heldAlgorithm();
    const hasher = new PasswordHasher({ concurrency: 1, queue: 1, perAddressPerMinute: 100 }, a.algorithm);
    const running = hasher.hash('one', '1.1.1.1');
    const queued = hasher.hash('two', '1.1.1.2');
    await settle();
    const busy = await refusal(hasher.verify('hashed:x', 'x', '1.1.1.3'));
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['Retry-After']).toBe('1');
    expect(a.calls).toEqual(['hash one']);
    await a.releaseAll();
    await Promise.all([running, queued]);
    // The slots came back: the next one runs.
    const again = hasher.verify('hashed:x', 'x', '1.1.1.3');
    await a.releaseAll();
    expect(await again).toBe(true);
  });

  it('frees the slot when a computation fails', async () => {
    const algorithm: PasswordAlgorithm = { hash: async () => Promise.reject(new Error('boom')), verify: async () => true };
    const hasher = new PasswordHasher({ concurrency: 1, queue: 0, perAddressPerMinute: 100 }, algorithm);
    await expect(hasher.hash('x', '1.1.1.1')).rejects.toThrow('boom');
    expect(await hasher.verify('h', 'x', '1.1.1.1')).toBe(true);
  });

  it('gives each address a budget per minute and answers 429 with Retry-After past it', async () => {
    let now = 1_000_000;
    const algorithm: PasswordAlgorithm = { hash: async (p) => `hashed:${p}`, verify: async (h, p) => h === `hashed:${p}` };
    const hasher = new PasswordHasher({ concurrency: 4, queue: 4, perAddressPerMinute: 3 }, algorithm, () => now);
    for (let i = 0; i < 3; i++) await hasher.verify('hashed:x', 'y', '6.6.6.6');
    const limited = await refusal(hasher.hash('x', '6.6.6.6'));
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['Retry-After'])).toBeGreaterThan(0);
    expect(await hasher.hash('x', '1.1.1.1')).toBe('hashed:x');
    now += 60_001;
    expect(await hasher.hash('x', '6.6.6.6')).toBe('hashed:x');
  });

  it('verifies against a dummy hash when there is none, so a missing account costs the same work', async () => {
    const a = heldAlgorithm();
    const hasher = new PasswordHasher({ concurrency: 2, queue: 2, perAddressPerMinute: 100 }, a.algorithm);
    const check = hasher.verify(null, 'guess', '1.1.1.1');
    await a.releaseAll();
    await settle();
    await a.releaseAll();
    expect(await check).toBe(false);
    expect(a.calls).toEqual(['hash not-a-real-password-just-timing', 'verify guess']);
  });
});
