import { describe, expect, it } from 'vitest';
import { DEFAULT_SESSION_SEARCH, readSessionSearch, sortOptionOf, toSearchBody, writeSessionSearch, type SessionSearchState } from './use-session-search.js';

const state = (overrides: Partial<SessionSearchState> = {}): SessionSearchState => ({ ...DEFAULT_SESSION_SEARCH, ...overrides });

describe('the session search state', () => {
  it('asks search2 for 10 sessions of the page, newest first by default', () => {
    expect(toSearchBody(state())).toEqual({ page: 1, limit: 10, sort: 'startTs', order: 'desc', filters: [] });
  });

  it('turns the bookmarks tab into bookmarked: true and an issue tab into an ISSUE filter after the chosen filters', () => {
    expect(toSearchBody(state({ tab: 'bookmark' }))).toMatchObject({ bookmarked: true, filters: [] });
    const chosen = { type: 'USERCOUNTRY', operator: 'is', value: ['DE'] };
    const body = toSearchBody(state({ tab: 'click_rage', filters: [chosen] }));
    expect(body.bookmarked).toBeUndefined();
    expect(body.filters).toEqual([chosen, { type: 'ISSUE', operator: 'is', value: ['click_rage'] }]);
  });

  it('round-trips through the query string, leaving defaults and foreign parameters alone', () => {
    const search = state({ tab: 'js_exception', page: 3, sort: 'duration', order: 'asc', filters: [{ type: 'USERBROWSER', operator: 'is', value: ['Chrome'] }] });
    const params = writeSessionSearch(search, new URLSearchParams('utm=x'));
    expect(params.get('utm')).toBe('x');
    expect(readSessionSearch(params)).toEqual(search);
    expect(writeSessionSearch(state(), new URLSearchParams('tab=bookmark&page=2')).toString()).toBe('');
  });

  it('falls back to defaults for anything in the URL it does not know', () => {
    expect(readSessionSearch(new URLSearchParams('tab=custom&page=-2&sort=name&order=up&filters=%7Bnot-json'))).toEqual(DEFAULT_SESSION_SEARCH);
    expect(readSessionSearch(new URLSearchParams('page=2.5')).page).toBe(1);
    expect(readSessionSearch(new URLSearchParams('filters=' + encodeURIComponent('[{"operator":"is"},{"type":"USEROS","value":"iOS"},7,{"type":"USEROS","operator":"is","value":["iOS"]}]'))).filters).toEqual([
      { type: 'USEROS', operator: 'is', value: ['iOS'] },
    ]);
  });

  it('names the sort option of a sort and order', () => {
    expect(sortOptionOf({ sort: 'startTs', order: 'asc' })).toBe('oldest');
    expect(sortOptionOf({ sort: 'errorsCount', order: 'desc' })).toBe('most-errors');
    expect(sortOptionOf({ sort: 'errorsCount', order: 'asc' })).toBe('newest');
  });
});
