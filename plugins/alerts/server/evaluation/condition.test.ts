import { describe, expect, it } from 'vitest';
import { comparedValue, conditionHolds, decideNotice } from './condition.js';

describe('comparedValue', () => {
  it('is the value itself for threshold detection', () => {
    expect(comparedValue('threshold', 'absolute', 3200, 1000)).toBe(3200);
    expect(comparedValue('threshold', 'percent', 3200, null)).toBe(3200);
  });
  it('is the difference for an absolute change, signed', () => {
    expect(comparedValue('change', 'absolute', 6, 4)).toBe(2);
    expect(comparedValue('change', 'absolute', 4, 6)).toBe(-2);
  });
  it('is the change in percent of the previous value for a percent change', () => {
    expect(comparedValue('change', 'percent', 6, 4)).toBe(50);
    expect(comparedValue('change', 'percent', 2, 4)).toBe(-50);
  });
  it('is unknown when nothing was measured, or the previous value is 0 for a percent', () => {
    expect(comparedValue('threshold', 'absolute', null, 3)).toBeNull();
    expect(comparedValue('change', 'absolute', 3, null)).toBeNull();
    expect(comparedValue('change', 'percent', 3, 0)).toBeNull();
  });
});

describe('conditionHolds', () => {
  it.each([
    ['>', 3001, true],
    ['>', 3000, false],
    ['>=', 3000, true],
    ['<', 2999, true],
    ['<', 3000, false],
    ['<=', 3000, true],
    ['=', 3000, true],
    ['=', 3000.5, false],
  ] as const)('%s 3000 with %d is %s', (op, value, expected) => {
    expect(conditionHolds(op, value, 3000)).toBe(expected);
  });
  it('never holds on an unknown value', () => {
    expect(conditionHolds('<', null, 3000)).toBe(false);
  });
});

describe('decideNotice', () => {
  const NOW = 10_000_000;
  it('fires when the condition starts holding', () => {
    expect(decideNotice({ firing: false, lastNotifiedAt: null }, 5, true, NOW, 60)).toEqual({ notice: 'fired', firing: true });
  });
  it('stays quiet while it keeps holding within the re-notify interval, then fires again', () => {
    expect(decideNotice({ firing: true, lastNotifiedAt: NOW - 59 * 60_000 }, 5, true, NOW, 60)).toEqual({ notice: null, firing: true });
    expect(decideNotice({ firing: true, lastNotifiedAt: NOW - 60 * 60_000 }, 5, true, NOW, 60)).toEqual({ notice: 'fired', firing: true });
  });
  it('sends a recovery notice when it stops holding, once', () => {
    expect(decideNotice({ firing: true, lastNotifiedAt: NOW }, 5, false, NOW, 60)).toEqual({ notice: 'recovered', firing: false });
    expect(decideNotice({ firing: false, lastNotifiedAt: NOW }, 5, false, NOW, 60)).toEqual({ notice: null, firing: false });
  });
  it('changes nothing when nothing could be compared', () => {
    expect(decideNotice({ firing: true, lastNotifiedAt: NOW }, null, false, NOW, 60)).toEqual({ notice: null, firing: true });
  });
});
