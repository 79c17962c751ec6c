import { describe, expect, it } from 'vitest';
import { ev, run, T0 } from '../../testing/heuristic-fixture.js';
import { slowPageLoad } from './slow-page-load.js';

const timing = (at: number, url: string, timings: Record<string, number>) => ev(at, { type: 'page_timing', url, timings });
const page = (at: number, url: string) => ev(at, { type: 'page', url, referrer: '', title: '' });

describe('slow page load', () => {
  it('is a load (else DOM complete) of 5000 ms or more; context is the URL', () => {
    expect(run(slowPageLoad, [timing(0, 'https://x.test/a', { load: 5000, domComplete: 4000 })])).toMatchObject([
      { type: 'slow_page_load', contextString: 'https://x.test/a', timestamp: T0, payload: { loadTime: 5000 } },
    ]);
    expect(run(slowPageLoad, [timing(0, 'https://x.test/a', { load: 4999, domComplete: 6000 })])).toEqual([]);
    expect(run(slowPageLoad, [timing(0, 'https://x.test/a', { domComplete: 6000 })])).toHaveLength(1);
    expect(run(slowPageLoad, [timing(0, 'https://x.test/a', { ttfb: 9000 })])).toEqual([]);
  });

  it('flags a page once, even when its timings are sent again; a new visit of the page can be flagged', () => {
    const a = 'https://x.test/a';
    expect(run(slowPageLoad, [timing(0, a, { load: 6000 }), timing(100, a, { load: 6000 })])).toHaveLength(1);
    expect(run(slowPageLoad, [timing(0, a, { load: 6000 }), page(10_000, a), timing(17_000, a, { load: 6000 })])).toHaveLength(2);
  });
});
