import { describe, expect, it } from 'vitest';
import { isSessionId, newSessionId } from './session-id.js';

describe('session ids', () => {
  it('are 19 digits that sort by start time and fit a bigint', () => {
    const a = newSessionId(1_700_000_000_000);
    const b = newSessionId(1_700_000_000_001);
    expect(a).toMatch(/^1700000000000\d{6}$/);
    expect(isSessionId(a)).toBe(true);
    expect(a < b).toBe(true);
    expect(BigInt(newSessionId()) < 9_223_372_036_854_775_807n).toBe(true);
    expect(new Set(Array.from({ length: 100 }, () => newSessionId(1))).size).toBeGreaterThan(90);
  });

  it('refuses anything else', () => {
    for (const bad of ['123', '', 'abcdefghijklmnopqrs', '17000000000000000001', ' 1700000000000123456', '../1700000000000123']) expect(isSessionId(bad)).toBe(false);
  });
});
