import { describe, expect, it } from 'vitest';
import { HttpError } from '@cassette/plugin-sdk/server';
import { BacklogGuard, InFlightGate, SessionEventBudget, sessionBatchLimiter } from './load-limits.js';

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

describe('SessionEventBudget', () => {
  const retryAfter = (fn: () => unknown) => {
    try {
      fn();
    } catch (error) {
      return { status: (error as HttpError).statusCode, seconds: Number((error as HttpError).headers['Retry-After']), message: (error as HttpError).message };
    }
    return { status: 200 };
  };

  it('takes batches while the session is not in debt, charging each its events, then refuses until the debt is paid', () => {
    let now = 0;
    const budget = new SessionEventBudget(600, () => now); // 10 events a second
    budget.charge('a', 400);
    // 200 left: a batch of 500 still gets in, and puts the session 300 events in debt.
    expect(statusOf(() => budget.check('a'))).toBe(200);
    budget.charge('a', 500);
    expect(retryAfter(() => budget.check('a'))).toEqual({
      status: 429,
      seconds: 30,
      message: 'This session sent more than its 600 events a minute (recording and events together): wait and retry.',
    });
    expect(retryAfter(() => budget.charge('a', 1)).status).toBe(429);
    // Another session has its own budget.
    expect(statusOf(() => budget.charge('b', 600))).toBe(200);
    now += 29_000;
    expect(retryAfter(() => budget.check('a'))).toMatchObject({ status: 429, seconds: 1 });
    now += 1_000;
    expect(statusOf(() => budget.check('a'))).toBe(200);
    // A refill never goes past a minute's worth.
    now += 3_600_000;
    budget.charge('a', 600);
    expect(statusOf(() => budget.check('a'))).toBe(200);
    budget.charge('a', 1);
    expect(retryAfter(() => budget.check('a')).status).toBe(429);
  });

  it('lets a batch bigger than a minute of budget in once the session is paid up, so a waiting sender never loops', () => {
    let now = 0;
    const budget = new SessionEventBudget(100, () => now);
    budget.charge('a', 5_000);
    const refusal = retryAfter(() => budget.check('a'));
    expect(refusal).toMatchObject({ status: 429, seconds: 2_940 });
    now += refusal.seconds! * 1000;
    expect(statusOf(() => budget.charge('a', 5_000))).toBe(200);
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
