import { describe, expect, it } from 'vitest';
import { excessiveScrolling } from './excessive-scrolling.js';
import { rec, run, scroll, T0 } from '../../testing/heuristic-fixture.js';

/** Scrolls between two positions `times` moves, `every` ms apart. */
function upAndDown(times: number, every: number, from = 0, to = 400, start = 0, id = 1) {
  return Array.from({ length: times + 1 }, (_, i) => scroll(start + i * every, i % 2 === 0 ? from : to, id));
}

describe('excessive scrolling', () => {
  it('flags 4 direction changes within 10 s on one element, once per episode', () => {
    // Moves 0→400→0→400→0→400: the first move sets the direction, the next four reverse it.
    const issues = run(excessiveScrolling, upAndDown(5, 500));
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ type: 'excessive_scrolling', timestamp: T0 + 2500, contextString: 'Scrolled up and down 4 times in 10 s', payload: { reversals: 4, nodeId: 1 } });
    // Going on without a rest is the same episode.
    expect(run(excessiveScrolling, upAndDown(30, 500))).toHaveLength(1);
  });

  it('does not flag 3 direction changes, nor changes spread over more than the window', () => {
    expect(run(excessiveScrolling, upAndDown(4, 500))).toEqual([]);
    expect(run(excessiveScrolling, upAndDown(5, 4000))).toEqual([]);
  });

  it('ignores jitter smaller than 50 px', () => {
    expect(run(excessiveScrolling, upAndDown(12, 200, 1000, 1040))).toEqual([]);
  });

  it('flags 12 viewport heights scrolled in 10 s in one direction, from the recorded viewport height', () => {
    const meta = rec(0, 4, { href: 'https://x.test/', width: 1000, height: 500 });
    const down = Array.from({ length: 13 }, (_, i) => scroll(100 + i * 500, i * 500));
    const issues = run(excessiveScrolling, [meta, ...down]);
    expect(issues).toHaveLength(1);
    expect(issues[0]!.contextString).toBe('Scrolled 12 screens in 10 s');
    // The same distance is 7.5 screens of the default 800 px: not excessive.
    expect(run(excessiveScrolling, down)).toEqual([]);
  });

  it('follows each scrolled element apart', () => {
    const interleaved = upAndDown(3, 500, 0, 400, 0, 1).flatMap((item, i) => [item, upAndDown(3, 500, 0, 400, 0, 2)[i]!]);
    expect(run(excessiveScrolling, interleaved)).toEqual([]);
  });

  it('can flag again after a rest of a whole window', () => {
    expect(run(excessiveScrolling, [...upAndDown(5, 500), ...upAndDown(5, 500, 0, 400, 15_000)])).toHaveLength(2);
  });
});
