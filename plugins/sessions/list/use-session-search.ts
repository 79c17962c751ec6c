import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { IssueType } from '../api.js';
import { SESSIONS_PAGE_SIZE } from '../constants.js';
import type { SortKey } from '../session-query.js';
import { VISIBLE_ISSUE_TYPES } from './issue-names.js';

/** Spec part 1 §4: 'all', 'bookmark' (bookmarked true) or an issue type (an ISSUE filter). */
export type SessionListTab = 'all' | 'bookmark' | IssueType;
export type SortOrder = 'asc' | 'desc';

/** A search2 filter item (the route's `searchFilterItem`); the filter editor decides the rest, the list passes it through. */
export interface SessionSearchFilter {
  type: string;
  operator?: string;
  value?: unknown[];
  [option: string]: unknown;
}

export interface SessionSearchState {
  tab: SessionListTab;
  page: number;
  sort: SortKey;
  order: SortOrder;
  filters: SessionSearchFilter[];
}

export interface SessionSearchBody {
  page: number;
  limit: number;
  sort: SortKey;
  order: SortOrder;
  bookmarked?: true;
  filters: SessionSearchFilter[];
}

export const DEFAULT_SESSION_SEARCH: SessionSearchState = { tab: 'all', page: 1, sort: 'startTs', order: 'desc', filters: [] };

export const SORT_OPTIONS: ReadonlyArray<{ value: string; label: string; sort: SortKey; order: SortOrder }> = [
  { value: 'newest', label: 'Newest', sort: 'startTs', order: 'desc' },
  { value: 'oldest', label: 'Oldest', sort: 'startTs', order: 'asc' },
  { value: 'longest', label: 'Longest', sort: 'duration', order: 'desc' },
  { value: 'most-events', label: 'Most events', sort: 'eventsCount', order: 'desc' },
  { value: 'most-errors', label: 'Most errors', sort: 'errorsCount', order: 'desc' },
];

const SORT_KEYS: readonly SortKey[] = ['startTs', 'duration', 'eventsCount', 'errorsCount'];
const TABS: readonly string[] = ['all', 'bookmark', ...VISIBLE_ISSUE_TYPES];

/** The query string is the source of truth, so a reload or Back lands on the same list. */
export function readSessionSearch(params: URLSearchParams): SessionSearchState {
  const tab = params.get('tab');
  const page = Number(params.get('page'));
  const sort = params.get('sort');
  const order = params.get('order');
  return {
    tab: tab && TABS.includes(tab) ? (tab as SessionListTab) : DEFAULT_SESSION_SEARCH.tab,
    page: Number.isInteger(page) && page >= 1 ? page : DEFAULT_SESSION_SEARCH.page,
    sort: sort && (SORT_KEYS as readonly string[]).includes(sort) ? (sort as SortKey) : DEFAULT_SESSION_SEARCH.sort,
    order: order === 'asc' || order === 'desc' ? order : DEFAULT_SESSION_SEARCH.order,
    filters: readFilters(params.get('filters')),
  };
}

function readFilters(text: string | null): SessionSearchFilter[] {
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter((f): f is SessionSearchFilter => {
      if (!f || typeof f !== 'object') return false;
      const { type, operator, value } = f as Partial<SessionSearchFilter>;
      return typeof type === 'string' && (operator === undefined || typeof operator === 'string') && (value === undefined || Array.isArray(value));
    });
  } catch {
    return [];
  }
}

/** Defaults stay out of the URL; parameters owned by others are kept. */
export function writeSessionSearch(state: SessionSearchState, current: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(current);
  const set = (key: string, value: string, fallback: string) => (value === fallback ? next.delete(key) : next.set(key, value));
  set('tab', state.tab, DEFAULT_SESSION_SEARCH.tab);
  set('page', String(state.page), String(DEFAULT_SESSION_SEARCH.page));
  set('sort', state.sort, DEFAULT_SESSION_SEARCH.sort);
  set('order', state.order, DEFAULT_SESSION_SEARCH.order);
  set('filters', state.filters.length ? JSON.stringify(state.filters) : '', '');
  return next;
}

export function toSearchBody(state: SessionSearchState): SessionSearchBody {
  const body: SessionSearchBody = { page: state.page, limit: SESSIONS_PAGE_SIZE, sort: state.sort, order: state.order, filters: [...state.filters] };
  if (state.tab === 'bookmark') body.bookmarked = true;
  else if (state.tab !== 'all') body.filters.push({ type: 'ISSUE', operator: 'is', value: [state.tab] });
  return body;
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
  setFilters(filters: SessionSearchFilter[]): void;
}

export function useSessionSearch(): SessionSearch {
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  const state = useMemo(() => readSessionSearch(new URLSearchParams(query)), [query]);
  const body = useMemo(() => toSearchBody(state), [state]);
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
    setFilters: useCallback((filters: SessionSearchFilter[]) => update((s) => ({ ...s, filters, page: 1 })), [update]),
  };
}
