import { describe, expect, it } from 'vitest';
import { addFilter, filterProblem, liveQuery } from './live-filters.js';

describe('live search filters', () => {
  it('adds a filter only when its key is not there yet', () => {
    const one = addFilter([], { key: 'userId', value: 'ada' });
    expect(addFilter(one, { key: 'userId', value: 'bob' })).toEqual([{ key: 'userId', value: 'ada' }]);
    expect(addFilter(one, { key: 'url', value: '/cart' })).toHaveLength(2);
  });

  it('says what is wrong before the server has to', () => {
    expect(filterProblem({ key: 'userId', value: '  ' })).toBe('Type a value first.');
    expect(filterProblem({ key: 'userCountry', value: 'France' })).toBe('A country is its two-letter code, e.g. FR.');
    expect(filterProblem({ key: 'metadata', value: 'pro' })).toBe('Name the metadata key first.');
    expect(filterProblem({ key: 'metadata', value: 'pro', metaKey: 'plan' })).toBeNull();
  });

  it('asks the server with the route’s query parameters', () => {
    expect(liveQuery([{ key: 'userCountry', value: 'fr' }, { key: 'metadata', metaKey: 'plan', value: ' pro ' }, { key: 'url', value: '/cart' }], 2)).toBe(
      'userCountry=FR&metaKey=plan&metaValue=pro&url=%2Fcart&page=2',
    );
  });
});
