import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SESSION_SEARCH,
  applySavedFilter,
  clearedSearch,
  readSessionSearch,
  resetKey,
  savedFilterOf,
  sortOptionOf,
  toSearchBody,
  writeSessionSearch,
  type SessionSearchState,
} from './use-session-search.js';

const state = (overrides: Partial<SessionSearchState> = {}): SessionSearchState => ({ ...DEFAULT_SESSION_SEARCH, ...overrides });
// Saturday 21 Nov 2026, 14:05 UTC.
const NOW = Date.UTC(2026, 10, 21, 14, 5);
const body = (s: SessionSearchState, timezone = 'UTC') => toSearchBody(s, timezone, NOW);

describe('the session search state', () => {
  it('asks search2 for 10 sessions of the page, newest first, over the past 7 days by default', () => {
    expect(body(state())).toEqual({
      page: 1,
      limit: 10,
      sort: 'startTs',
      order: 'desc',
      events: [],
      filters: [],
      eventsOrder: 'then',
      rangeValue: 'LAST_7_DAYS',
      startDate: Date.UTC(2026, 10, 14),
      endDate: Date.UTC(2026, 10, 21, 23, 59, 59, 999),
    });
  });

  it('turns the bookmarks tab into bookmarked: true and an issue tab into an ISSUE filter after the chosen filters', () => {
    expect(body(state({ tab: 'bookmark' }))).toMatchObject({ bookmarked: true, filters: [] });
    const chosen = { type: 'USERCOUNTRY', operator: 'is', value: ['DE'], isEvent: false };
    const b = body(state({ tab: 'click_rage', filters: [chosen] }));
    expect(b.bookmarked).toBeUndefined();
    expect(b.filters).toEqual([chosen, { type: 'ISSUE', operator: 'is', value: ['click_rage'] }]);
  });

  it('sends strict only with the then order', () => {
    expect(body(state({ strict: true })).strict).toBe(true);
    expect(body(state({ strict: true, eventsOrder: 'or' })).strict).toBeUndefined();
    expect(body(state()).strict).toBeUndefined();
  });

  it('round-trips through the query string, leaving defaults and foreign parameters alone', () => {
    const search = state({
      tab: 'js_exception',
      page: 3,
      sort: 'duration',
      order: 'asc',
      events: [{ type: 'LOCATION', operator: 'is', value: ['/cart'], isEvent: true }],
      filters: [{ type: 'USERBROWSER', operator: 'is', value: ['Chrome'], isEvent: false }],
      eventsOrder: 'then',
      strict: true,
      rangeValue: 'CUSTOM_RANGE',
      startDate: 1_700_000_000_000,
      endDate: 1_700_086_400_000,
      savedSearchId: 12,
    });
    const params = writeSessionSearch(search, new URLSearchParams('utm=x'));
    expect(params.get('utm')).toBe('x');
    expect(readSessionSearch(params)).toEqual(search);
    expect(writeSessionSearch(state(), new URLSearchParams('tab=bookmark&page=2&rangeValue=TODAY&strict=1')).toString()).toBe('');
  });

  it('keeps dates in the URL only for a custom range', () => {
    const params = writeSessionSearch(state({ rangeValue: 'TODAY', startDate: 1, endDate: 2 }));
    expect(params.toString()).toBe('rangeValue=TODAY');
    expect(readSessionSearch(new URLSearchParams('rangeValue=YESTERDAY&startDate=1&endDate=2'))).toMatchObject({ rangeValue: 'YESTERDAY', startDate: null, endDate: null });
  });

  it('falls back to defaults for anything in the URL it does not know', () => {
    expect(readSessionSearch(new URLSearchParams('tab=custom&page=-2&sort=name&order=up&filters=%7Bnot-json&events=3&eventsOrder=xor&rangeValue=ALWAYS&savedSearch=x'))).toEqual(
      DEFAULT_SESSION_SEARCH,
    );
    expect(readSessionSearch(new URLSearchParams('page=2.5')).page).toBe(1);
    expect(readSessionSearch(new URLSearchParams('filters=' + encodeURIComponent('[{"operator":"is"},{"type":"USEROS","value":"iOS"},7,{"type":"USEROS","operator":"is","value":["iOS"],"evil":"x"}]'))).filters).toEqual([
      { type: 'USEROS', operator: 'is', value: ['iOS'] },
    ]);
    expect(readSessionSearch(new URLSearchParams('strict=1&eventsOrder=and')).strict).toBe(false);
  });

  it('shows a duration from the URL as the DURATION row, keeping 0 as the lower bound', () => {
    const read = readSessionSearch(new URLSearchParams('minDuration=0&maxDuration=600000'));
    expect(read.filters).toEqual([{ type: 'DURATION', operator: 'is', value: [0, 600_000], isEvent: false }]);
    expect(body(read).filters).toEqual([{ type: 'DURATION', operator: 'is', value: [0, 600_000], isEvent: false }]);
    expect(writeSessionSearch(read).get('minDuration')).toBeNull();
  });

  it('leaves out rows still missing their value, but not a no-value operator or a 0 duration', () => {
    const b = body(
      state({
        events: [
          { type: 'CLICK', operator: 'on', value: [], isEvent: true },
          { type: 'LOCATION', operator: 'isAny', value: [], isEvent: true },
          { type: 'INPUT', operator: 'is', value: ['  ', ' email '], isEvent: true },
        ],
        filters: [
          { type: 'USEROS', operator: 'is', value: [''], isEvent: false },
          { type: 'DURATION', operator: 'is', value: [0, null], isEvent: false },
          { type: 'USERID', operator: 'hasNoValue', value: [], isEvent: false },
        ],
      }),
    );
    expect(b.events).toEqual([
      { type: 'LOCATION', operator: 'isAny', value: [], isEvent: true },
      { type: 'INPUT', operator: 'is', value: ['email'], isEvent: true },
    ]);
    expect(b.filters).toEqual([
      { type: 'DURATION', operator: 'is', value: [0, null], isEvent: false },
      { type: 'USERID', operator: 'hasNoValue', value: [], isEvent: false },
    ]);
  });

  it('works out the preset dates in the chosen timezone', () => {
    // 14:05 UTC is 23:05 in Tokyo (UTC+9) and 09:05 in New York (UTC-5 in November).
    expect(body(state({ rangeValue: 'TODAY' }), 'Asia/Tokyo')).toMatchObject({ startDate: Date.UTC(2026, 10, 20, 15), endDate: Date.UTC(2026, 10, 21, 14, 59, 59, 999) });
    expect(body(state({ rangeValue: 'YESTERDAY' }), 'America/New_York')).toMatchObject({ startDate: Date.UTC(2026, 10, 20, 5), endDate: Date.UTC(2026, 10, 21, 4, 59, 59, 999) });
    expect(body(state({ rangeValue: 'LAST_30_MINUTES' }))).toMatchObject({ startDate: NOW - 30 * 60_000, endDate: NOW });
    expect(body(state({ rangeValue: 'LAST_30_DAYS' }), '+02:00')).toMatchObject({ startDate: Date.UTC(2026, 9, 21, 22), endDate: Date.UTC(2026, 10, 21, 21, 59, 59, 999) });
    expect(body(state({ rangeValue: 'CUSTOM_RANGE', startDate: 1000, endDate: 2000 }))).toMatchObject({ rangeValue: 'CUSTOM_RANGE', startDate: 1000, endDate: 2000 });
  });

  it('saves the meaningful rows and the timeframe, and applying it replaces the search and makes it active', () => {
    const current = state({
      page: 4,
      events: [
        { type: 'LOCATION', operator: 'is', value: ['/cart'], isEvent: true },
        { type: 'CLICK', operator: 'on', value: [], isEvent: true },
      ],
      eventsOrder: 'and',
      rangeValue: 'TODAY',
    });
    const filter = savedFilterOf(current);
    expect(filter).toEqual({ events: [{ type: 'LOCATION', operator: 'is', value: ['/cart'], isEvent: true }], filters: [], eventsOrder: 'and', strict: false, rangeValue: 'TODAY' });
    const applied = applySavedFilter(state({ page: 3, filters: [{ type: 'USEROS', operator: 'is', value: ['iOS'] }], tab: 'bookmark' }), { ...filter, minDuration: 60_000 }, 9);
    expect(applied).toEqual({
      ...state({ tab: 'bookmark' }),
      events: filter.events,
      filters: [{ type: 'DURATION', operator: 'is', value: [60_000, null], isEvent: false }],
      eventsOrder: 'and',
      rangeValue: 'TODAY',
      savedSearchId: 9,
    });
  });

  it('clears to the default search and no active saved search; resets one key at a time', () => {
    const busy = state({
      page: 2,
      tab: 'bookmark',
      events: [{ type: 'CLICK', operator: 'on', value: ['Buy'] }],
      filters: [
        { type: 'DURATION', operator: 'is', value: [60_000, 120_000] },
        { type: 'USEROS', operator: 'is', value: ['iOS'] },
      ],
      rangeValue: 'CUSTOM_RANGE',
      startDate: 1,
      endDate: 2,
      savedSearchId: 3,
    });
    expect(clearedSearch(busy)).toEqual(state({ tab: 'bookmark' }));
    expect(resetKey(busy, 'rangeValue')).toMatchObject({ page: 1, rangeValue: 'LAST_7_DAYS', startDate: null, endDate: null });
    expect(resetKey(busy, 'duration').filters).toEqual([{ type: 'USEROS', operator: 'is', value: ['iOS'] }]);
    expect(resetKey(busy, 'events')).toMatchObject({ page: 1, events: [] });
  });

  it('names the sort option of a sort and order', () => {
    expect(sortOptionOf({ sort: 'startTs', order: 'asc' })).toBe('oldest');
    expect(sortOptionOf({ sort: 'errorsCount', order: 'desc' })).toBe('most-errors');
    expect(sortOptionOf({ sort: 'errorsCount', order: 'asc' })).toBe('newest');
  });
});
