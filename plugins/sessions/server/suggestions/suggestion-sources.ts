import type { StoredEventType } from '../event-rows.js';

/**
 * Where each filter key's suggestions come from. Column names here are fixed text chosen by
 * the key, never by the request, so they may go into SQL; values always go to parameters.
 */

/** Rows of `sessions_events` of one stored type, read from one column. */
export interface EventColumnSource {
  storedType: StoredEventType;
  column: 'label' | 'path' | 'name' | 'value' | 'selector';
  /** A second column offered alongside (an input's typed value beside its label). */
  alsoColumn?: 'value';
  /** Only failed requests (FETCH_FAILED). */
  failedOnly?: boolean;
}

/** `GET /events/search`: what an event filter's value is matched against (see the search semantics). */
export const EVENT_SEARCH_SOURCES: Readonly<Record<string, EventColumnSource>> = {
  CLICK: { storedType: 'CLICK', column: 'label' },
  // The field's label and what was typed in it, as the search matches both.
  INPUT: { storedType: 'INPUT', column: 'label', alsoColumn: 'value' },
  LOCATION: { storedType: 'LOCATION', column: 'path' },
  CUSTOM: { storedType: 'CUSTOM', column: 'name' },
  STATEACTION: { storedType: 'STATEACTION', column: 'name' },
  ERROR: { storedType: 'ERROR', column: 'value' },
  GRAPHQL: { storedType: 'GRAPHQL', column: 'name' },
  GRAPHQL_NAME: { storedType: 'GRAPHQL', column: 'name' },
  FETCH: { storedType: 'FETCH', column: 'path' },
  FETCH_URL: { storedType: 'FETCH', column: 'path' },
  // Performance filters take the path of the page they measure.
  DOM_COMPLETE: { storedType: 'LOCATION', column: 'path' },
  LARGEST_CONTENTFUL_PAINT_TIME: { storedType: 'LOCATION', column: 'path' },
  TTFB: { storedType: 'LOCATION', column: 'path' },
  FETCH_FAILED: { storedType: 'FETCH', column: 'path', failedOnly: true },
};

/** `GET /events/values`: the event's value field (spec part 2 §7 "values from the value field"). */
export const EVENT_VALUE_SOURCES: Readonly<Record<string, EventColumnSource>> = {
  INPUT: { storedType: 'INPUT', column: 'value' },
  CUSTOM: { storedType: 'CUSTOM', column: 'value' },
  ERROR: { storedType: 'ERROR', column: 'value' },
  CONSOLE: { storedType: 'CONSOLE', column: 'value' },
};

/** `GET /events/selectors`: the target's CSS selector. */
export const SELECTOR_SOURCES: Readonly<Record<string, EventColumnSource>> = {
  CLICK: { storedType: 'CLICK', column: 'selector' },
  INPUT: { storedType: 'INPUT', column: 'selector' },
};


/** The keys `/events/search` mixes when no type is given: the common interactions and every session attribute. */
export const MIXED_EVENT_KEYS = ['CLICK', 'INPUT', 'LOCATION', 'CUSTOM'] as const;

/** The keys of `GET /sessions/filters` (SessionFilterValues). */
export const FILTER_VALUE_KEYS = ['USEROS', 'USERBROWSER', 'USERDEVICE', 'REFERRER', 'USERCOUNTRY'] as const;

export const METADATA_KEY = 'METADATA';

/** A key's entry in one of the tables above; a request's `type` such as "constructor" must not reach Object.prototype. */
export function entryOf<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}
