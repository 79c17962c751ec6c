import { describe, expect, it } from 'vitest';
import { crash } from './crash.js';
import { click, ev, rec, run, scroll, T0 } from '../../testing/heuristic-fixture.js';

const uncaught = (at: number) => ev(at, { type: 'error', source: 'js_exception', name: 'TypeError', message: 'boom' }, { idx: 9 });

describe('crash', () => {
  it('is an uncaught error with the session ending within 5 s and no user activity after it', () => {
    expect(run(crash, [click(0, 'a'), uncaught(1000)], 6000)).toEqual([
      { type: 'crash', contextString: 'TypeError: boom', timestamp: T0 + 1000, seq: 0, idx: 9, payload: { name: 'TypeError', message: 'boom', endedAfterMs: 5000 } },
    ]);
    expect(run(crash, [uncaught(1000)], 6001)).toEqual([]);
  });

  it('is decided only at the end', () => {
    expect(run(crash, [uncaught(1000)])).toEqual([]);
  });

  it('is not a crash when the user kept clicking, typing, scrolling or navigating', () => {
    expect(run(crash, [uncaught(0), click(500, 'a')], 1000)).toEqual([]);
    expect(run(crash, [uncaught(0), scroll(500, 300)], 1000)).toEqual([]);
    expect(run(crash, [uncaught(0), rec(500, 3, { source: 5, id: 2, text: 'x' })], 1000)).toEqual([]);
    expect(run(crash, [uncaught(0), ev(500, { type: 'page', url: 'https://x.test/', referrer: '', title: '' })], 1000)).toEqual([]);
    // Moving the mouse over a dead page is not activity.
    expect(run(crash, [uncaught(0), rec(500, 3, { source: 1, positions: [] })], 1000)).toHaveLength(1);
  });

  it('ignores errors the site handled itself', () => {
    expect(run(crash, [ev(0, { type: 'error', source: 'handled', name: 'E', message: 'm' })], 1000)).toEqual([]);
  });
});
