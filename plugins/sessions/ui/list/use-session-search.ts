import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { rangeBounds, useHost } from '@cassette/plugin-sdk/ui';
import type { IssueType } from '../../shared/issue-types.js';
import type { SearchFilterItem, SessionSearchFilter, SessionSearchRequest } from '../../shared/search.js';
import { SESSIONS_PAGE_SIZE, SORT_KEYS, type SortKey } from '../../shared/constants.js';
import { DEFAULT_RANGE_VALUE, EVENTS_ORDERS, type EventsOrder, type RangeValue } from '../../shared/filter-catalogue.js';
import { EMPTY_FILTER_SEARCH, type FilterSearch } from './filters/filter-search.js';
import { requestItems } from './filters/filter-request.js';
import { readItems } from './filters/read-items.js';
import { VISIBLE_ISSUE_TYPES } from './issue-names.js';
import { WATCHDOG_ISSUE_KEY } from '../../shared/watchdogs.js';
import { isSessionRange } from './session-ranges.js';

/** Spec part 1 §4: 'all', 'bookmark' (bookmarked true) or an issue type (an ISSUE filter). */
/** A watchdog rule's tab is its issue key, `watchdog_<id>`. */
export type SessionListTab = 'all' | 'bookmark' | IssueType | `watchdog_${number}`;
export type SortOrder = 'asc' | 'desc';

export interface SessionSearchState extends FilterSearch {
  tab: SessionListTab;
  page: number;
  sort: SortKey;
  order: SortOrder;
  /** The timeframe; for a preset the dates are worked out when searching, a custom range keeps its own. */
  rangeValue: RangeValue;
  startDate: number | null;
  endDate: number | null;
  /** The saved search applied last (its name shows in the bar), or null. */
  savedSearchId: number | null;
}

/** What the list sends to `POST /sessions/search2`. */
export interface SessionSearchBody extends SessionSearchRequest {
  page: number;
  limit: number;
  sort: SortKey;
  order: SortOrder;
  events: SearchFilterItem[];
  filters: SearchFilterItem[];
  eventsOrder: EventsOrder;
  rangeValue: RangeValue;
  startDate: number;
  endDate: number;
}

export const DEFAULT_SESSION_SEARCH: SessionSearchState = {
  tab: 'all',
  page: 1,
  sort: 'startTs',
  order: 'desc',
  ...EMPTY_FILTER_SEARCH,
  rangeValue: DEFAULT_RANGE_VALUE,
  startDate: null,
  endDate: null,
  savedSearchId: null,
};

export const SORT_OPTIONS: ReadonlyArray<{ value: string; label: string; sort: SortKey; order: SortOrder }> = [
  { value: 'newest', label: 'Newest', sort: 'startTs', order: 'desc' },
  { value: 'oldest', label: 'Oldest', sort: 'startTs', order: 'asc' },
  { value: 'longest', label: 'Longest', sort: 'duration', order: 'desc' },
  { value: 'most-events', label: 'Most events', sort: 'eventsCount', order: 'desc' },
  { value: 'most-errors', label: 'Most errors', sort: 'errorsCount', order: 'desc' },
];

const TABS: readonly string[] = ['all', 'bookmark', ...VISIBLE_ISSUE_TYPES];

const epochParam = (text: string | null): number | null => {
  if (text === null || !/^\d{1,15}$/.test(text)) return null;
  return Number(text);
};

function jsonParam(text: string | null): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * A session duration outside the filter rows (`minDuration` / `maxDuration` of a saved search
 * or a link) becomes the DURATION row, so every condition of the search shows in the bar.
 */
export function foldDuration(filters: SearchFilterItem[], minDuration: unknown, maxDuration: unknown): SearchFilterItem[] {
  const bound = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : null);
  const [min, max] = [bound(minDuration), bound(maxDuration)];
  if ((min === null && max === null) || filters.some((f) => f.type === 'DURATION')) return filters;
  return [...filters, { type: 'DURATION', operator: 'is', value: [min, max], isEvent: false }];
}

/** The query string is the source of truth, so a reload or Back lands on the same list. */
export function readSessionSearch(params: URLSearchParams): SessionSearchState {
  const tab = params.get('tab');
  const page = Number(params.get('page'));
  const sort = params.get('sort');
  const order = params.get('order');
  const eventsOrder = params.get('eventsOrder');
  const rangeValue = params.get('rangeValue');
  const range = isSessionRange(rangeValue) ? rangeValue : DEFAULT_SESSION_SEARCH.rangeValue;
  const saved = epochParam(params.get('savedSearch'));
  return {
    tab: tab && (TABS.includes(tab) || WATCHDOG_ISSUE_KEY.test(tab)) ? (tab as SessionListTab) : DEFAULT_SESSION_SEARCH.tab,
    page: Number.isInteger(page) && page >= 1 ? page : DEFAULT_SESSION_SEARCH.page,
    sort: sort && (SORT_KEYS as readonly string[]).includes(sort) ? (sort as SortKey) : DEFAULT_SESSION_SEARCH.sort,
    order: order === 'asc' || order === 'desc' ? order : DEFAULT_SESSION_SEARCH.order,
    events: readItems(jsonParam(params.get('events'))),
    filters: foldDuration(readItems(jsonParam(params.get('filters'))), epochParam(params.get('minDuration')), epochParam(params.get('maxDuration'))),
    eventsOrder: (EVENTS_ORDERS as readonly string[]).includes(eventsOrder ?? '') ? (eventsOrder as EventsOrder) : DEFAULT_SESSION_SEARCH.eventsOrder,
    strict: params.get('strict') === '1' && (eventsOrder ?? 'then') === 'then',
    rangeValue: range,
    startDate: range === 'CUSTOM_RANGE' ? epochParam(params.get('startDate')) : null,
    endDate: range === 'CUSTOM_RANGE' ? epochParam(params.get('endDate')) : null,
    savedSearchId: saved !== null && saved > 0 ? saved : null,
  };
}

/** Defaults stay out of the URL; parameters owned by others are kept. */
export function writeSessionSearch(state: SessionSearchState, current: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(current);
  const set = (key: string, value: string, fallback: string) => (value === fallback ? next.delete(key) : next.set(key, value));
  set('tab', state.tab, DEFAULT_SESSION_SEARCH.tab);
  set('page', String(state.page), String(DEFAULT_SESSION_SEARCH.page));
  set('sort', state.sort, DEFAULT_SESSION_SEARCH.sort);
  set('order', state.order, DEFAULT_SESSION_SEARCH.order);
  set('events', state.events.length ? JSON.stringify(state.events) : '', '');
  set('filters', state.filters.length ? JSON.stringify(state.filters) : '', '');
  set('eventsOrder', state.eventsOrder, DEFAULT_SESSION_SEARCH.eventsOrder);
  set('strict', state.strict && state.eventsOrder === 'then' ? '1' : '', '');
  set('rangeValue', state.rangeValue, DEFAULT_SESSION_SEARCH.rangeValue);
  const custom = state.rangeValue === 'CUSTOM_RANGE';
  set('startDate', custom && state.startDate !== null ? String(state.startDate) : '', '');
  set('endDate', custom && state.endDate !== null ? String(state.endDate) : '', '');
  set('savedSearch', state.savedSearchId !== null ? String(state.savedSearchId) : '', '');
  next.delete('minDuration');
  next.delete('maxDuration');
  return next;
}

/**
 * The search2 request of a state at `now`: preset dates are worked out in the viewer's
 * timezone; rows still missing values are left out (spec part 1 §5).
 */
export function toSearchBody(state: SessionSearchState, timezone: string, now: number = Date.now()): SessionSearchBody {
  const bounds = rangeBounds(state.rangeValue, timezone, now, state);
  const body: SessionSearchBody = {
    page: state.page,
    limit: SESSIONS_PAGE_SIZE,
    sort: state.sort,
    order: state.order,
    events: requestItems(state.events),
    filters: requestItems(state.filters),
    eventsOrder: state.eventsOrder,
    rangeValue: state.rangeValue,
    startDate: bounds.startDate,
    endDate: bounds.endDate,
  };
  if (state.strict && state.eventsOrder === 'then') body.strict = true;
  if (state.tab === 'bookmark') body.bookmarked = true;
  else if (state.tab !== 'all') body.filters.push({ type: 'ISSUE', operator: 'is', value: [state.tab] });
  return body;
}

/** What a saved search keeps: the rows that mean something, the order, and the timeframe (a preset stays relative). */
export function savedFilterOf(state: SessionSearchState): SessionSearchFilter {
  const filter: SessionSearchFilter = {
    events: requestItems(state.events),
    filters: requestItems(state.filters),
    eventsOrder: state.eventsOrder,
    strict: state.strict && state.eventsOrder === 'then',
    rangeValue: state.rangeValue,
  };
  if (state.rangeValue === 'CUSTOM_RANGE') {
    filter.startDate = state.startDate;
    filter.endDate = state.endDate;
  }
  return filter;
}

/** Applying a saved search: its filter replaces the current one and it becomes the active one (spec part 1 §4). */
export function applySavedFilter(state: SessionSearchState, filter: SessionSearchFilter, searchId: number): SessionSearchState {
  const eventsOrder = (EVENTS_ORDERS as readonly string[]).includes(filter.eventsOrder ?? '') ? filter.eventsOrder! : 'then';
  const rangeValue = isSessionRange(filter.rangeValue) ? filter.rangeValue : DEFAULT_RANGE_VALUE;
  const custom = rangeValue === 'CUSTOM_RANGE';
  return {
    ...state,
    page: 1,
    events: readItems(filter.events),
    filters: foldDuration(readItems(filter.filters), filter.minDuration, filter.maxDuration),
    eventsOrder,
    strict: eventsOrder === 'then' && filter.strict === true,
    rangeValue,
    startDate: custom && typeof filter.startDate === 'number' ? filter.startDate : null,
    endDate: custom && typeof filter.endDate === 'number' ? filter.endDate : null,
    savedSearchId: searchId,
  };
}

/** Clearing: back to the default search, and no saved search is active (spec part 1 §4). */
export function clearedSearch(state: SessionSearchState): SessionSearchState {
  const { tab, sort, order } = state;
  return { ...DEFAULT_SESSION_SEARCH, tab, sort, order };
}

/** The parts of a search that can be reset one at a time. */
export type ResettableKey = 'events' | 'filters' | 'eventsOrder' | 'strict' | 'rangeValue' | 'duration';

/** Resets one part to its default; the timeframe also drops its dates, the duration both bounds (spec part 1 §4). */
export function resetKey(state: SessionSearchState, key: ResettableKey): SessionSearchState {
  const d = DEFAULT_SESSION_SEARCH;
  switch (key) {
    case 'rangeValue':
      return { ...state, page: 1, rangeValue: d.rangeValue, startDate: null, endDate: null };
    case 'duration':
      return { ...state, page: 1, filters: state.filters.filter((f) => f.type !== 'DURATION') };
    case 'eventsOrder':
      return { ...state, page: 1, eventsOrder: d.eventsOrder };
    default:
      return { ...state, page: 1, [key]: d[key] };
  }
}

export function sortOptionOf(state: Pick<SessionSearchState, 'sort' | 'order'>): string {
  return SORT_OPTIONS.find((o) => o.sort === state.sort && o.order === state.order)?.value ?? SORT_OPTIONS[0]!.value;
}

export interface SessionSearch {
  state: SessionSearchState;
  body: SessionSearchBody;
  /** Spec part 1 §4: changing the tab or the filters goes back to page 1. */
  setTab(tab: SessionListTab): void;
  setPage(page: number): void;
  setSortOption(value: string): void;
  setFilterSearch(search: FilterSearch): void;
  setRange(rangeValue: RangeValue, custom?: { startDate: number; endDate: number }): void;
  applySaved(filter: SessionSearchFilter, searchId: number): void;
  /** Forgets the active saved search; the search itself stays. */
  forgetSaved(): void;
  setActiveSaved(searchId: number): void;
  clear(): void;
  /** The filter bar's Clear: no steps or attributes, and no saved search active, in one change. */
  clearFilters(): void;
  reset(key: ResettableKey): void;
}

export function useSessionSearch(): SessionSearch {
  const { timezone } = useHost();
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  const state = useMemo(() => readSessionSearch(new URLSearchParams(query)), [query]);
  // Dates of a preset are taken when the search changes, not at every render.
  const body = useMemo(() => toSearchBody(state, timezone), [state, timezone]);
  const update = useCallback(
    (change: (current: SessionSearchState) => SessionSearchState) => setParams((current) => writeSessionSearch(change(readSessionSearch(current)), current)),
    [setParams],
  );
  return {
    state,
    body,
    setTab: useCallback((tab: SessionListTab) => update((s) => ({ ...s, tab, page: 1 })), [update]),
    setPage: useCallback((page: number) => update((s) => ({ ...s, page })), [update]),
    setSortOption: useCallback(
      (value: string) => {
        const option = SORT_OPTIONS.find((o) => o.value === value);
        if (option) update((s) => ({ ...s, sort: option.sort, order: option.order, page: 1 }));
      },
      [update],
    ),
    setFilterSearch: useCallback(
      ({ events, filters, eventsOrder, strict }: FilterSearch) => update((s) => ({ ...s, events, filters, eventsOrder, strict: strict && eventsOrder === 'then', page: 1 })),
      [update],
    ),
    setRange: useCallback(
      (rangeValue: RangeValue, custom?: { startDate: number; endDate: number }) =>
        update((s) => ({ ...s, rangeValue, startDate: rangeValue === 'CUSTOM_RANGE' ? (custom?.startDate ?? null) : null, endDate: rangeValue === 'CUSTOM_RANGE' ? (custom?.endDate ?? null) : null, page: 1 })),
      [update],
    ),
    applySaved: useCallback((filter: SessionSearchFilter, searchId: number) => update((s) => applySavedFilter(s, filter, searchId)), [update]),
    forgetSaved: useCallback(() => update((s) => ({ ...s, savedSearchId: null })), [update]),
    setActiveSaved: useCallback((searchId: number) => update((s) => ({ ...s, savedSearchId: searchId })), [update]),
    clear: useCallback(() => update(clearedSearch), [update]),
    clearFilters: useCallback(() => update((s) => ({ ...s, events: [], filters: [], eventsOrder: 'then', strict: false, page: 1, savedSearchId: null })), [update]),
    reset: useCallback((key: ResettableKey) => update((s) => resetKey(s, key)), [update]),
  };
}
