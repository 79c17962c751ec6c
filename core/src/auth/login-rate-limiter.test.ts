import { describe, expect, it } from 'vitest';
import { LoginRateLimiter } from './login-rate-limiter.js';

describe('LoginRateLimiter', () => {
  it('blocks an account after too many failures and lets it in after the window', () => {
    let now = 1_000_000;
    const limiter = new LoginRateLimiter({ windowMs: 60_000, maxFailuresPerAccount: 3, maxFailuresPerIp: 100 }, () => now);
    for (let i = 0; i < 3; i++) {
      expect(limiter.retryAfter('A@x.io', '1.1.1.1')).toBe(0);
      limiter.recordFailure('a@x.io', '1.1.1.1');
    }
    expect(limiter.retryAfter('a@x.io', '2.2.2.2')).toBeGreaterThan(0);
    expect(limiter.retryAfter('b@x.io', '1.1.1.1')).toBe(0);
    now += 60_001;
    expect(limiter.retryAfter('a@x.io', '1.1.1.1')).toBe(0);
  });

  it('blocks an IP spraying many accounts', () => {
    const limiter = new LoginRateLimiter({ windowMs: 60_000, maxFailuresPerAccount: 100, maxFailuresPerIp: 4 });
    for (let i = 0; i < 4; i++) limiter.recordFailure(`u${i}@x.io`, '9.9.9.9');
    expect(limiter.retryAfter('fresh@x.io', '9.9.9.9')).toBeGreaterThan(0);
    expect(limiter.retryAfter('fresh@x.io', '8.8.8.8')).toBe(0);
  });

  it('a success clears the account counter', () => {
    const limiter = new LoginRateLimiter({ windowMs: 60_000, maxFailuresPerAccount: 2, maxFailuresPerIp: 100 });
    limiter.recordFailure('a@x.io', '1.1.1.1');
    limiter.recordSuccess('a@x.io', '1.1.1.1');
    limiter.recordFailure('a@x.io', '1.1.1.1');
    expect(limiter.retryAfter('a@x.io', '1.1.1.1')).toBe(0);
  });

  it('counts attempts that name no account per IP alone', () => {
    let now = 1_000_000;
    const limiter = new LoginRateLimiter({ windowMs: 60_000, maxFailuresPerAccount: 1, maxFailuresPerIp: 3 }, () => now);
    for (let i = 0; i < 3; i++) {
      expect(limiter.retryAfterForIp('7.7.7.7')).toBe(0);
      limiter.recordIpFailure('7.7.7.7');
    }
    expect(limiter.retryAfterForIp('7.7.7.7')).toBeGreaterThan(0);
    expect(limiter.retryAfterForIp('6.6.6.6')).toBe(0);
    expect(limiter.retryAfter('someone@x.io', '6.6.6.6')).toBe(0);
    now += 60_001;
    expect(limiter.retryAfterForIp('7.7.7.7')).toBe(0);
  });
});

describe('LoginRateLimiter per account and address (logins)', () => {
  const policy = { windowMs: 60_000, maxFailuresPerAccountAndAddress: 3, maxFailuresPerIp: 100, maxFailuresPerAccount: 10 };

  it('locks only the address that failed, so the owner elsewhere still logs in', () => {
    const limiter = new LoginRateLimiter(policy);
    for (let i = 0; i < 3; i++) limiter.recordFailure('a@x.io', '6.6.6.6');
    expect(limiter.retryAfter('A@x.io', '6.6.6.6')).toBeGreaterThan(0);
    expect(limiter.retryAfter('a@x.io', '1.1.1.1')).toBe(0);
  });

  it('slows a guesser spread over many addresses, but not an address that logged in before', () => {
    const limiter = new LoginRateLimiter(policy);
    limiter.recordSuccess('a@x.io', '1.1.1.1');
    for (let i = 0; i < 10; i++) limiter.recordFailure('a@x.io', `6.6.6.${i}`);
    expect(limiter.retryAfter('a@x.io', '6.6.6.200')).toBeGreaterThan(0);
    expect(limiter.retryAfter('a@x.io', '1.1.1.1')).toBe(0);
  });

  it('a success clears that address only', () => {
    const limiter = new LoginRateLimiter(policy);
    for (let i = 0; i < 3; i++) {
      limiter.recordFailure('a@x.io', '1.1.1.1');
      limiter.recordFailure('a@x.io', '2.2.2.2');
    }
    limiter.recordSuccess('a@x.io', '1.1.1.1');
    expect(limiter.retryAfter('a@x.io', '1.1.1.1')).toBe(0);
    expect(limiter.retryAfter('a@x.io', '2.2.2.2')).toBeGreaterThan(0);
  });

  it('still stops one address spraying many accounts', () => {
    const limiter = new LoginRateLimiter({ ...policy, maxFailuresPerIp: 4 });
    for (let i = 0; i < 4; i++) limiter.recordFailure(`u${i}@x.io`, '9.9.9.9');
    expect(limiter.retryAfter('fresh@x.io', '9.9.9.9')).toBeGreaterThan(0);
  });
});
