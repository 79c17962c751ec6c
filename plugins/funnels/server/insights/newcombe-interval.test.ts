import { describe, expect, it } from 'vitest';
import { newcombeDifferenceInterval, wilsonInterval } from './newcombe-interval.js';

const rounded = ({ low, high }: { low: number; high: number }) => [Number(low.toFixed(4)), Number(high.toFixed(4))];

describe("Newcombe's hybrid score interval (method 10 of Newcombe 1998)", () => {
  // Newcombe, Stat Med 17:873-890, Table II, method 10: the paper's worked examples.
  it.each([
    [56, 70, 48, 80, [0.0524, 0.3339]],
    [9, 10, 3, 10, [0.1705, 0.809]],
    [5, 56, 0, 29, [-0.0381, 0.1926]],
    [0, 10, 0, 20, [-0.1611, 0.2775]],
    [0, 10, 0, 10, [-0.2775, 0.2775]],
    [10, 10, 0, 20, [0.6791, 1]],
    [10, 10, 0, 10, [0.6075, 1]],
  ] as const)('%i/%i - %i/%i', (x1, n1, x2, n2, expected) => {
    expect(rounded(newcombeDifferenceInterval(x1, n1, x2, n2))).toEqual(expected);
  });

  it("builds on Wilson's interval (Newcombe 1998b: 81/263 gives 0.2553 to 0.3662)", () => {
    expect(rounded(wilsonInterval(81, 263))).toEqual([0.2553, 0.3662]);
    expect(wilsonInterval(0, 0)).toEqual({ low: 0, high: 1 });
  });

  it('leaves the difference open when a group has no sessions', () => {
    expect(newcombeDifferenceInterval(0, 0, 3, 10)).toEqual({ low: -1, high: 1 });
  });
});
