import { describe, expect, it } from 'vitest';
import { HttpError } from '@cassette/plugin-sdk/server';
import { BacklogGuard, InFlightGate, sessionBatchLimiter } from './load-limits.js';

const statusOf = (fn: () => unknown) => {
  try {
    fn();
    return 200;
  } catch (error) {
    return (error as HttpError).statusCode;
  }
};

describe('KeyedRateLimiter (per session)', () => {
  it('allows a burst, then refuses with the wait until the next token, per session', () => {
    let now = 0;
    const limiter = sessionBatchLimiter(3, 1, () => now);
    expect([1, 2, 3].map(() => statusOf(() => limiter.take('a')))).toEqual([200, 200, 200]);
    try {
      limiter.take('a');
      expect.fail('should refuse');
    } catch (error) {
      expect((error as HttpError).statusCode).toBe(429);
      expect((error as HttpError).headers['Retry-After']).toBe('1');
      expect((error as HttpError).message).toBe('This session sends batches too fast: wait and retry.');
    }
    expect(statusOf(() => limiter.take('b'))).toBe(200);
    now += 1000;
    expect(statusOf(() => limiter.take('a'))).toBe(200);
  });
});

describe('InFlightGate', () => {
  it('refuses with 503 above the cap and frees a slot on leave', () => {
    const gate = new InFlightGate(1);
    gate.enter();
    expect(statusOf(() => gate.enter())).toBe(503);
    gate.leave();
    expect(statusOf(() => gate.enter())).toBe(200);
  });
});

describe('BacklogGuard', () => {
  it('refuses with 503 while the count is at the cap, reading it at most once per ttl', async () => {
    let reads = 0;
    let count = 5;
    const guard = new BacklogGuard(5, async () => (reads++, count), 50);
    await expect(guard.check()).rejects.toMatchObject({ statusCode: 503 });
    count = 0;
    await expect(guard.check()).rejects.toMatchObject({ statusCode: 503 });
    expect(reads).toBe(1);
    await new Promise((r) => setTimeout(r, 60));
    await expect(guard.check()).resolves.toBeUndefined();
  });
});
