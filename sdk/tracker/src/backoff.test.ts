import { describe, expect, it } from 'vitest';
import { backoffDelay, parseRetryAfter, retryAfterDelay } from './backoff';

describe('backoff', () => {
  it('grows exponentially with jitter in [step/2, step] and is capped', () => {
    expect(backoffDelay(0, 0)).toBe(500);
    expect(backoffDelay(0, 1)).toBe(1000);
    expect(backoffDelay(3, 0.5)).toBe(6000);
    expect(backoffDelay(30, 1)).toBe(60_000);
  });

  it('reads Retry-After as seconds or a date, capped at 10 minutes', () => {
    expect(parseRetryAfter('7', 0)).toBe(7000);
    expect(parseRetryAfter(null, 0)).toBeUndefined();
    expect(parseRetryAfter('soon', 0)).toBeUndefined();
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('99999', 0)).toBe(600_000);
  });

  it('never retries before the server said', () => {
    expect(retryAfterDelay(5000, 0)).toBe(5000);
    expect(retryAfterDelay(5000, 1)).toBe(5500);
  });
});
