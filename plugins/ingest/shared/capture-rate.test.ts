import { describe, expect, it } from 'vitest';
import { DEFAULT_CAPTURE_RATE, effectiveSampleRate } from './capture-rate.js';

describe('effectiveSampleRate', () => {
  it("uses the project's own rate wherever it set one, even 0 or 100", () => {
    expect(effectiveSampleRate(0, { rate: 100, captureAll: true })).toEqual({ rate: 0, source: 'project' });
    expect(effectiveSampleRate(100, { rate: 0, captureAll: false })).toEqual({ rate: 100, source: 'project' });
    expect(effectiveSampleRate(35, DEFAULT_CAPTURE_RATE)).toEqual({ rate: 35, source: 'project' });
  });

  it("falls back to the account's rate, or everything when it captures all", () => {
    expect(effectiveSampleRate(null, { rate: 20, captureAll: false })).toEqual({ rate: 20, source: 'account' });
    expect(effectiveSampleRate(null, { rate: 20, captureAll: true })).toEqual({ rate: 100, source: 'account' });
  });

  it('defaults to rate 0 with capture all on: a new install records every session', () => {
    expect(DEFAULT_CAPTURE_RATE).toEqual({ rate: 0, captureAll: true });
    expect(effectiveSampleRate(null, DEFAULT_CAPTURE_RATE)).toEqual({ rate: 100, source: 'account' });
  });
});
