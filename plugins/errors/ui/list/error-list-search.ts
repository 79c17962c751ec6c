import { ERROR_SORT_KEYS, ERROR_SYNTHETIC_FILTERS, ERRORS_PAGE_SIZE, type ErrorSearchRequest, type ErrorSortKey, type ErrorSyntheticFilter } from '../../api.js';

/** Spec part 2 §2: the three statuses, plus the caller's bookmarks (of any status). */
export const ERROR_VIEWS = ['unresolved', 'resolved', 'ignored', 'bookmarks'] as const;
export type ErrorView = (typeof ERROR_VIEWS)[number];

export const VIEW_LABELS: Record<ErrorView, string> = { unresolved: 'Unresolved', resolved: 'Resolved', ignored: 'Ignored', bookmarks: 'Bookmarks' };

export const SORT_LABELS: Record<ErrorSortKey, string> = {
  lastOccurrence: 'Last occurrence',
  firstOccurrence: 'First occurrence',
  users: 'Users',
  sessions: 'Sessions',
  occurrences: 'Occurrences',
};

export const SYNTHETIC_LABELS: Record<ErrorSyntheticFilter, string> = {
  include: 'Synthetic runs: Include',
  exclude: 'Synthetic runs: Exclude',
  only: 'Synthetic runs: Only',
};

export interface ErrorListState {
  view: ErrorView;
  sort: ErrorSortKey;
  order: 'asc' | 'desc';
  page: number;
  query: string;
  /** Errors of synthetic test runs: listed with the others, left out, or the only ones listed. */
  synthetic: ErrorSyntheticFilter;
}

export const DEFAULT_ERROR_LIST: ErrorListState = { view: 'unresolved', sort: 'lastOccurrence', order: 'desc', page: 1, query: '', synthetic: 'include' };

/** Longest text query the list sends; the box stops there too. */
export const MAX_QUERY_LENGTH = 200;

/** The query string is the source of truth, so a reload or Back shows the same list. */
export function readErrorList(params: URLSearchParams): ErrorListState {
  const view = params.get('view');
  const sort = params.get('sort');
  const order = params.get('order');
  const page = Number(params.get('page'));
  const synthetic = params.get('synthetic');
  return {
    view: (ERROR_VIEWS as readonly string[]).includes(view ?? '') ? (view as ErrorView) : DEFAULT_ERROR_LIST.view,
    sort: (ERROR_SORT_KEYS as readonly string[]).includes(sort ?? '') ? (sort as ErrorSortKey) : DEFAULT_ERROR_LIST.sort,
    order: order === 'asc' || order === 'desc' ? order : DEFAULT_ERROR_LIST.order,
    page: Number.isInteger(page) && page >= 1 ? page : DEFAULT_ERROR_LIST.page,
    query: (params.get('q') ?? '').slice(0, MAX_QUERY_LENGTH),
    synthetic: (ERROR_SYNTHETIC_FILTERS as readonly string[]).includes(synthetic ?? '') ? (synthetic as ErrorSyntheticFilter) : DEFAULT_ERROR_LIST.synthetic,
  };
}

/** Defaults stay out of the URL; other parameters (the source maps panel) are kept. */
export function writeErrorList(state: ErrorListState, current: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(current);
  const set = (key: string, value: string, fallback: string) => (value === fallback ? next.delete(key) : next.set(key, value));
  set('view', state.view, DEFAULT_ERROR_LIST.view);
  set('sort', state.sort, DEFAULT_ERROR_LIST.sort);
  set('order', state.order, DEFAULT_ERROR_LIST.order);
  set('page', String(state.page), String(DEFAULT_ERROR_LIST.page));
  set('q', state.query.trim(), '');
  set('synthetic', state.synthetic, DEFAULT_ERROR_LIST.synthetic);
  return next;
}

/** What the list sends to `POST /errors/search`. */
export function toSearchRequest(state: ErrorListState): ErrorSearchRequest {
  const request: ErrorSearchRequest = {
    page: state.page,
    limit: ERRORS_PAGE_SIZE,
    sort: state.sort,
    order: state.order,
    status: state.view === 'bookmarks' ? 'all' : state.view,
  };
  if (state.view === 'bookmarks') request.bookmarked = true;
  const query = state.query.trim();
  if (query) request.query = query;
  if (state.synthetic !== DEFAULT_ERROR_LIST.synthetic) request.synthetic = state.synthetic;
  return request;
}

/** Changing what is listed (view, sort, text, synthetic runs) goes back to page 1. */
export function changeList(state: ErrorListState, change: Partial<Omit<ErrorListState, 'page'>>): ErrorListState {
  return { ...state, ...change, page: 1 };
}
