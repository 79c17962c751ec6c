import { describe, expect, it } from 'vitest';
import { typicalSearches } from '../typical-searches.js';
import { funnelSearch } from './funnel-search.js';

describe('funnelSearch', () => {
  it('asks for the three funnel steps in order, over the range and page of the search it starts from', () => {
    const now = Date.UTC(2026, 0, 10);
    const [noFilter] = typicalSearches(now);
    const funnel = funnelSearch(noFilter!);
    expect(funnel.body).toMatchObject({ startDate: noFilter!.body.startDate, endDate: now, page: 1, limit: 10, eventsOrder: 'then', filters: [] });
    expect(funnel.body.events!.map((e) => [e.type, e.operator, e.value])).toEqual([
      ['LOCATION', 'startsWith', ['/products/']],
      ['CLICK', 'on', ['Add to cart']],
      ['LOCATION', 'is', ['/checkout']],
    ]);
  });
});
