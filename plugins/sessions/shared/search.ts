// What the session list's search sends and gets back: search2, favorites, suggestions, saved searches.
import type { EventsOrder, RangeValue } from './filter-catalogue.js';
import type { SortKey } from './constants.js';
import type { SessionSummary } from './session.js';

/** `POST /sessions/search2` and `GET /sessions2/favorite` (the caller's bookmarks, newest first). */
export interface SessionSearchResult {
  sessions: SessionSummary[];
  total: number;
}

/**
 * One filter entry of a session search (spec part 1 §3 "Filter entry", part 2 §3 "Filter item").
 * `type` is the key (FILTER_KEYS in filter-catalogue.ts, or METADATA / a project
 * metadata key); positive operators match any of `value`, negative ones none of them.
 */
export interface SearchFilterItem {
  type: string;
  operator?: string;
  value?: unknown[];
  /** Performance keys: the threshold (one number); METADATA: the metadata key. */
  source?: unknown;
  /** Performance keys: how `source` is compared (>, >=, <, <=, =, or a named form). */
  sourceOperator?: string;
  /** FETCH / GRAPHQL sub-filters (FETCH_URL, FETCH_STATUS_CODE, ...), all of which must hold on the same event. */
  filters?: SearchFilterItem[];
  /** UI facts kept with saved searches; the compiler ignores them. */
  isEvent?: boolean;
  key?: string;
  label?: string;
  category?: string;
  custom?: boolean;
}

/**
 * What a session search asks (spec part 2 §3 "Saved search" filter). `events` are steps in
 * `eventsOrder`: then (in this order), and (all, any order), or (any). `filters` are session
 * attributes, all of which must hold. Dates are epoch ms over the session start; durations ms.
 */
export interface SessionSearchFilter {
  events?: SearchFilterItem[];
  filters?: SearchFilterItem[];
  eventsOrder?: EventsOrder;
  /** With eventsOrder then: each step is the very next user action (page visit, click, input, custom event) after the previous one. */
  strict?: boolean;
  rangeValue?: RangeValue;
  startDate?: number | null;
  endDate?: number | null;
  minDuration?: number | null;
  maxDuration?: number | null;
  /** Only the caller's favorites. */
  bookmarked?: boolean;
}

/** `POST /api/{projectId}/sessions/search2`. */
export interface SessionSearchRequest extends SessionSearchFilter {
  page?: number;
  limit?: number;
  sort?: SortKey;
  order?: 'asc' | 'desc';
}

/** One autocomplete suggestion: `/events/search`, `/sessions/filters/search`, `/events/values`, `/events/selectors`. */
export interface FilterSuggestion {
  /** The filter key it belongs to (CLICK, LOCATION, USEROS, a metadata key, ...). */
  type: string;
  value: string;
  /** Sessions (or events) with this value among those looked at. */
  count: number;
}

/** `GET /api/{projectId}/sessions/filters`: values per key, most frequent first, empty ones removed. */
/** Per key; FID0 holds the values of the project's first metadata field (empty when it has none). */
export type SessionFilterValues = Record<'USEROS' | 'USERBROWSER' | 'USERDEVICE' | 'FID0' | 'REFERRER' | 'USERCOUNTRY', string[]>;

/** A saved search (spec part 2 §3). */
export interface SavedSearch {
  searchId: number;
  projectId: number;
  /** The author. */
  userId: number;
  name: string;
  filter: SessionSearchFilter;
  isPublic: boolean;
  /** The project's watchdog rules whose issues the filter looks for (ISSUE values `watchdog_<id>`), ascending. */
  watchdogs: number[];
  /** Epoch ms. */
  createdAt: number;
  /** The author's name, for "shared by". */
  ownerName?: string;
}

