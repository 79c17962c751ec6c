import { describe, expect, it } from 'vitest';
import { boardingHeader, boardingPercent, hideAfterCheck, ringColor, showRing } from './onboarding-ring-rules.js';

describe('onboarding ring', () => {
  it('computes the percent done', () => {
    expect(boardingPercent([])).toBe(0);
    expect(boardingPercent([{ done: true }, { done: false }, { done: false }, { done: false }])).toBe(25);
    expect(boardingPercent([{ done: true }, { done: true }, { done: true }])).toBe(100);
  });
  it('colours red under 50, orange under 75, else blue', () => {
    expect(ringColor(0)).toBe('red');
    expect(ringColor(49)).toBe('red');
    expect(ringColor(50)).toBe('orange');
    expect(ringColor(74)).toBe('orange');
    expect(ringColor(75)).toBe('blue');
    expect(ringColor(100)).toBe('blue');
  });
  it('picks the header text', () => {
    expect(boardingHeader(0)).toBe('Welcome!');
    expect(boardingHeader(25)).toBe('Few more steps and you’re done!');
    expect(boardingHeader(99)).toBe('Few more steps and you’re done!');
    expect(boardingHeader(100)).toBe('Good Job!');
  });
  it('shows only under 100 and when not dismissed', () => {
    expect(showRing(75, false)).toBe(true);
    expect(showRing(100, false)).toBe(false);
    expect(showRing(10, true)).toBe(false);
  });
  it("keeps an open panel at 100 to say 'Good Job!', until it closes or is dismissed", () => {
    expect(showRing(100, false, true)).toBe(true);
    expect(boardingHeader(100)).toBe('Good Job!');
    expect(showRing(100, false, false)).toBe(false);
    expect(showRing(100, true, true)).toBe(false);
  });
  it('hides after the check at 50 or more', () => {
    expect(hideAfterCheck(49)).toBe(false);
    expect(hideAfterCheck(50)).toBe(true);
  });
});
