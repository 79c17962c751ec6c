import { describe, expect, it } from 'vitest';
import { changeList, DEFAULT_ERROR_LIST, readErrorList, toSearchRequest, writeErrorList } from './error-list-search.js';

describe('the errors list state', () => {
  it('reads defaults from an empty or broken query string', () => {
    expect(readErrorList(new URLSearchParams(''))).toEqual(DEFAULT_ERROR_LIST);
    expect(readErrorList(new URLSearchParams('view=nope&sort=drop+table&order=up&page=-2&synthetic=hide'))).toEqual(DEFAULT_ERROR_LIST);
  });

  it('round-trips through the query string, keeping other parameters and leaving defaults out', () => {
    const state = { view: 'resolved' as const, sort: 'users' as const, order: 'asc' as const, page: 3, query: 'price', synthetic: 'exclude' as const };
    const params = writeErrorList(state, new URLSearchParams('sourcemaps=1'));
    expect(params.toString()).toBe('sourcemaps=1&view=resolved&sort=users&order=asc&page=3&q=price&synthetic=exclude');
    expect(readErrorList(params)).toEqual(state);
    expect(writeErrorList(DEFAULT_ERROR_LIST).toString()).toBe('');
  });

  it('asks for a page of 10 with the status, sort and text', () => {
    expect(toSearchRequest(DEFAULT_ERROR_LIST)).toEqual({ page: 1, limit: 10, sort: 'lastOccurrence', order: 'desc', status: 'unresolved' });
    expect(toSearchRequest({ ...DEFAULT_ERROR_LIST, view: 'ignored', page: 2, query: '  price ' })).toEqual({ page: 2, limit: 10, sort: 'lastOccurrence', order: 'desc', status: 'ignored', query: 'price' });
  });

  it('asks for synthetic test runs left out or alone, and sends nothing for the default (included)', () => {
    expect(toSearchRequest({ ...DEFAULT_ERROR_LIST, synthetic: 'exclude' })).toMatchObject({ synthetic: 'exclude' });
    expect(toSearchRequest({ ...DEFAULT_ERROR_LIST, synthetic: 'only' })).toMatchObject({ synthetic: 'only' });
    expect(toSearchRequest(DEFAULT_ERROR_LIST)).not.toHaveProperty('synthetic');
    expect(changeList({ ...DEFAULT_ERROR_LIST, page: 3 }, { synthetic: 'only' })).toEqual({ ...DEFAULT_ERROR_LIST, synthetic: 'only', page: 1 });
  });

  it('asks for bookmarked errors of every status in the bookmarks view', () => {
    expect(toSearchRequest({ ...DEFAULT_ERROR_LIST, view: 'bookmarks' })).toMatchObject({ status: 'all', bookmarked: true });
  });

  it('goes back to page 1 when what is listed changes', () => {
    expect(changeList({ ...DEFAULT_ERROR_LIST, page: 4 }, { sort: 'sessions' })).toEqual({ ...DEFAULT_ERROR_LIST, sort: 'sessions', page: 1 });
  });
});
