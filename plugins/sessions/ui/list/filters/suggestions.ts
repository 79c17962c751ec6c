import type { FilterSuggestion, SearchFilterItem, SessionFilterValues } from '../../../shared/search.js';
import type { FilterKeyDef } from '../../../shared/filter-catalogue.js';
import { matchingCountries } from '../../common/country.js';
import { metadataKeyOf } from './filter-item.js';

/** Spec part 1 §9: the autocomplete asks the server 1000 ms after the last keystroke. */
export const AUTOCOMPLETE_DEBOUNCE_MS = 1000;

/** One line of the value autocomplete: what is stored, and what is shown. */
export interface ValueSuggestion {
  value: string;
  label: string;
  count?: number;
}

const SELECTOR_OPERATORS = new Set(['onSelector', 'onComponent']);
/** Keys `GET /sessions/filters` groups its most frequent values by: what an empty value box offers for them. */
const GROUPED_KEYS: ReadonlySet<string> = new Set(['USEROS', 'USERBROWSER', 'USERDEVICE', 'REFERRER', 'USERCOUNTRY'] satisfies (keyof SessionFilterValues)[]);

/**
 * A query-string value: what the user typed may hold half an emoji (pasted, or cut by a length
 * limit), which encodeURIComponent refuses with a URIError; it is sent as U+FFFD, the way the
 * server stores such text.
 */
function queryValue(text: string): string {
  return encodeURIComponent(text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));
}

/**
 * The suggestion route for a row's values (spec part 1 §7 Filters), or null when the key takes
 * no suggestions. A click matched by its selector asks for selectors rather than labels.
 */
export function suggestionPath(projectId: number, item: SearchFilterItem, def: FilterKeyDef, query: string): string | null {
  const q = queryValue(query);
  const type = queryValue(item.type);
  if (item.type === 'METADATA') {
    const key = metadataKeyOf(item);
    return key ? `/${projectId}/sessions/filters/search?q=${q}&type=METADATA&source=${queryValue(key)}` : null;
  }
  if ((item.type === 'CLICK' || item.type === 'INPUT') && SELECTOR_OPERATORS.has(item.operator ?? '')) return `/${projectId}/events/selectors?q=${q}&type=${type}`;
  if (query === '' && GROUPED_KEYS.has(item.type)) return `/${projectId}/sessions/filters`;
  switch (def.suggest) {
    case 'events':
      return `/${projectId}/events/search?q=${q}&type=${type}`;
    case 'sessionFilters':
    case 'countries':
      return `/${projectId}/sessions/filters/search?q=${q}&type=${type}`;
    case 'selectors':
      return `/${projectId}/events/selectors?q=${q}&type=${type}`;
    case 'values':
      return `/${projectId}/events/values?type=${type}&q=${q}`;
    default:
      return null;
  }
}

/** The server's suggestions, de-duplicated; for countries, up to 5 countries matching by name come first. */
export function toValueSuggestions(def: FilterKeyDef, query: string, answer: unknown, countryLabel: (code: string) => string): ValueSuggestion[] {
  const fromServer = suggestionList(def, answer)
    .filter((s): s is FilterSuggestion => Boolean(s) && typeof (s as FilterSuggestion).value === 'string' && (s as FilterSuggestion).value !== '')
    .map((s) => ({ value: s.value, label: def.suggest === 'countries' ? countryLabel(s.value) : s.value, count: typeof s.count === 'number' ? s.count : undefined }));
  const counts = new Map(fromServer.map((s) => [s.value, s.count]));
  const countries = def.suggest === 'countries' ? matchingCountries(query).map((c) => ({ value: c.code, label: countryLabel(c.code), count: counts.get(c.code) })) : [];
  const seen = new Set<string>();
  return [...countries, ...fromServer].filter((s) => !seen.has(s.value) && seen.add(s.value));
}

/** A suggestion route's list, or this key's group of `GET /sessions/filters` (values only, most frequent first). */
function suggestionList(def: FilterKeyDef, answer: unknown): unknown[] {
  if (Array.isArray(answer)) return answer;
  const group = answer && typeof answer === 'object' ? (answer as Record<string, unknown>)[def.key] : undefined;
  return Array.isArray(group) ? group.filter((v): v is string => typeof v === 'string').map((value) => ({ type: def.key, value })) : [];
}
