import { describe, expect, it } from 'vitest';
import { clickRage } from './click-rage.js';
import { click, ev, run, T0 } from '../../testing/heuristic-fixture.js';

describe('click rage', () => {
  it('raises one issue for 3 clicks on one target, each under 300 ms apart, with the final count', () => {
    const issues = run(clickRage, [
      click(0, 'button#buy', { label: 'Buy', idx: 4 }),
      click(100, 'button#buy', { label: 'Buy' }),
      click(399, 'button#buy', { label: 'Buy' }),
      click(600, 'button#buy', { label: 'Buy' }),
      ev(2000, { type: 'console', level: 'log', value: 'later' }),
    ]);
    expect(issues).toEqual([
      { type: 'click_rage', contextString: 'button#buy', timestamp: T0, seq: 0, idx: 4, payload: { count: 4, selector: 'button#buy', label: 'Buy' } },
    ]);
  });

  it('needs 3 clicks: 2 are not rage', () => {
    expect(run(clickRage, [click(0, 'a'), click(100, 'a')], 5000)).toEqual([]);
    expect(run(clickRage, [click(0, 'a'), click(100, 'a'), click(200, 'a')], 5000)).toHaveLength(1);
  });

  it('ends a burst at a gap of exactly 300 ms', () => {
    expect(run(clickRage, [click(0, 'a'), click(299, 'a'), click(598, 'a')], 5000)).toHaveLength(1);
    expect(run(clickRage, [click(0, 'a'), click(300, 'a'), click(600, 'a')], 5000)).toEqual([]);
  });

  it('does not count interleaved clicks on different targets as one burst', () => {
    expect(run(clickRage, [click(0, 'a'), click(50, 'b'), click(100, 'a'), click(150, 'b'), click(200, 'a'), click(250, 'b')], 5000)).toEqual([]);
    // Two separate bursts, one after the other.
    const two = run(clickRage, [click(0, 'a'), click(50, 'a'), click(100, 'a'), click(150, 'b'), click(200, 'b'), click(250, 'b')], 5000);
    expect(two.map((i) => [i.payload.selector, i.payload.count])).toEqual([
      ['a', 3],
      ['b', 3],
    ]);
  });

  it('keeps a burst open across other events within the gap, and closes it when the session ends', () => {
    const issues = run(clickRage, [click(0, 'a'), ev(50, { type: 'console', level: 'log', value: 'x' }), click(100, 'a'), click(200, 'a')]);
    expect(issues).toEqual([]);
    expect(run(clickRage, [click(0, 'a'), ev(50, { type: 'console', level: 'log', value: 'x' }), click(100, 'a'), click(200, 'a')], 250)).toHaveLength(1);
  });
});
