import type { SearchFilterItem } from '../../../shared/search.js';
import { filterKeyDef, type EventsOrder } from '../../../shared/filter-catalogue.js';
import { itemIdentity, newItem } from './filter-item.js';

/** The part of a session search the filter bar edits: the event steps and the attributes. */
export interface FilterSearch {
  events: SearchFilterItem[];
  filters: SearchFilterItem[];
  eventsOrder: EventsOrder;
  /** With eventsOrder then: each step is the very next user action after the previous one. */
  strict: boolean;
}

export const EMPTY_FILTER_SEARCH: FilterSearch = { events: [], filters: [], eventsOrder: 'then', strict: false };

export const addEvent = (s: FilterSearch, item: SearchFilterItem): FilterSearch => ({ ...s, events: [...s.events, item] });

/** Appends a blank step of each event key, for the user to fill in; keys that are not event keys are skipped. */
export function addBlankSteps(s: FilterSearch, keys: readonly string[]): FilterSearch {
  const blanks = keys.map((key) => filterKeyDef(key)).filter((def) => def?.isEvent === true).map((def) => newItem(def!));
  return blanks.length === 0 ? s : { ...s, events: [...s.events, ...blanks] };
}

export const editEvent = (s: FilterSearch, index: number, item: SearchFilterItem): FilterSearch => ({ ...s, events: s.events.map((e, i) => (i === index ? item : e)) });

export const removeEvent = (s: FilterSearch, index: number): FilterSearch => ({ ...s, events: s.events.filter((_, i) => i !== index) });

/** Moves a step to another position; out-of-range moves change nothing. */
export function moveEvent(s: FilterSearch, from: number, to: number): FilterSearch {
  if (from === to || from < 0 || to < 0 || from >= s.events.length || to >= s.events.length) return s;
  const events = [...s.events];
  const [moved] = events.splice(from, 1);
  events.splice(to, 0, moved!);
  return { ...s, events };
}

/**
 * Adds an attribute filter, unless one with the same key is already there (spec part 1 §4):
 * then nothing changes and `existing` says which one, so the bar can point at it.
 */
export function addFilter(s: FilterSearch, item: SearchFilterItem): { search: FilterSearch; existing: number | null } {
  const identity = itemIdentity(item);
  const existing = item.isEvent ? -1 : s.filters.findIndex((f) => !f.isEvent && itemIdentity(f) === identity);
  if (existing >= 0) return { search: s, existing };
  return { search: { ...s, filters: [...s.filters, item] }, existing: null };
}

export const editFilter = (s: FilterSearch, index: number, item: SearchFilterItem): FilterSearch => ({ ...s, filters: s.filters.map((f, i) => (i === index ? item : f)) });

export const removeFilter = (s: FilterSearch, index: number): FilterSearch => ({ ...s, filters: s.filters.filter((_, i) => i !== index) });

/** "Clear": all steps and attributes go; the order choice stays for the next steps. */
export const clearFilters = (s: FilterSearch): FilterSearch => ({ ...s, events: [], filters: [] });

export const setEventsOrder = (s: FilterSearch, eventsOrder: EventsOrder): FilterSearch => ({ ...s, eventsOrder, strict: eventsOrder === 'then' ? s.strict : false });

export const setStrict = (s: FilterSearch, strict: boolean): FilterSearch => ({ ...s, strict: s.eventsOrder === 'then' && strict });
