import { describe, expect, it } from 'vitest';
import { normalUpperTail } from './normal-tail.js';

describe('normalUpperTail', () => {
  it('matches the standard normal table', () => {
    expect(normalUpperTail(0)).toBeCloseTo(0.5, 14);
    expect(normalUpperTail(1)).toBeCloseTo(0.158655253931457, 14);
    expect(normalUpperTail(1.959963984540054)).toBeCloseTo(0.025, 14);
    expect(normalUpperTail(-1.959963984540054)).toBeCloseTo(0.025, 14);
    expect(normalUpperTail(3)).toBeCloseTo(0.00134989803163009, 15);
  });

  it('keeps its relative precision in the far tail', () => {
    expect(normalUpperTail(5) / 2.866515718791939e-7).toBeCloseTo(1, 8);
    expect(normalUpperTail(8) / 6.220960574271784e-16).toBeCloseTo(1, 6);
    expect(normalUpperTail(40)).toBe(0);
  });
});
