import { badRequest } from '@cassette/plugin-sdk/server';
import { ISSUE_TYPES } from '../../shared/issue-types.js';
import { watchdogIdOfKey } from '../../shared/watchdogs.js';
import type { FilterCompileContext } from '../../api.js';
import type { SearchFilterItem, SessionSearchFilter } from '../../shared/search.js';
import {
  EVENTS_ORDERS,
  FILTER_KEYS,
  METADATA_FILTER,
  NUMBER_OPERATOR_SQL,
  SUB_FILTER_KEYS,
  TEXT_OPERATOR_MEANING,
  filterKeyDef,
  isDateOperator,
  isNumberOperator,
  isTextOperator,
  type DateOperator,
  type EventsOrder,
  type FilterKeyDef,
  type TextOperatorMeaning,
} from '../../shared/filter-catalogue.js';
import { devToolsRefusal, holdsDevTools } from '../dev-tools-access.js';
import type { SqlComparison } from './number-match.js';

/**
 * Reads a session search filter from outside (a request, a saved search, a funnel) into
 * checked items, or throws a 400 that names the problem and what is allowed (a 403 for a key
 * reading Developer Tools data the reader may not see, before anything else). Items whose
 * operator needs values but which have none are dropped here (spec part 1 §5).
 */

export const MAX_FILTER_ITEMS = 50;
export const MAX_SUB_FILTERS = 20;
export const MAX_VALUES = 100;
export const MAX_TEXT_LENGTH = 1000;
/** The last millisecond of year 9999: later times are beyond what PostgreSQL reads back from JS dates. */
export const MAX_EPOCH_MS = 253_402_300_799_999;
/** The longest span `withinLast` takes: ten years, far beyond any recording kept. */
export const MAX_WITHIN_LAST_MS = 10 * 366 * 86_400_000;
const SPAN_UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 };
/** Performance and failed-request keys: their value is a page or request path, and empty means any. */
const PATH_OPTIONAL_KEYS: ReadonlySet<string> = new Set(['DOM_COMPLETE', 'LARGEST_CONTENTFUL_PAINT_TIME', 'TTFB', 'FETCH_FAILED']);
const ISSUE_TYPE_SET: ReadonlySet<string> = new Set(ISSUE_TYPES);

export type Criterion =
  | { match: 'text'; meaning: TextOperatorMeaning; values: string[] }
  | { match: 'number'; comparison: SqlComparison; values: number[] }
  | { match: 'durationRange'; min: number | null; max: number | null }
  /** Date keys: before or after a moment (epoch ms), or within a span (ms) back from now. */
  | { match: 'date'; operator: Exclude<DateOperator, 'withinLast'>; at: number }
  | { match: 'withinLast'; spanMs: number }
  /** Keys without values (FETCH, GRAPHQL, AVG_CPU_LOAD, AVG_MEMORY_USAGE). */
  | { match: 'none' };

export interface Threshold {
  comparison: SqlComparison;
  value: number;
}

export interface CheckedItem {
  def: FilterKeyDef;
  criterion: Criterion;
  /** Performance keys: `source` compared by `sourceOperator`; null when no threshold was given. */
  threshold: Threshold | null;
  /** METADATA: the metadata key searched. */
  metadataKey: string | null;
  subFilters: CheckedItem[];
}

export interface CheckedFilter {
  /** Event keys of `events`: the steps of the sequence. */
  steps: CheckedItem[];
  eventsOrder: EventsOrder;
  strict: boolean;
  /** Event keys of `filters`: each such event must exist in the session. */
  requiredEvents: CheckedItem[];
  /** Session keys of `filters` and of `events`. */
  attributes: CheckedItem[];
  startDate: number | null;
  endDate: number | null;
  minDuration: number | null;
  maxDuration: number | null;
  bookmarked: boolean;
}

const show = (value: unknown): string => {
  const text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
};

const fail = (where: string, message: string) => badRequest(where ? `${where}: ${message}` : message);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checkedText(value: string, where: string, what: string): string {
  if (value.length > MAX_TEXT_LENGTH) throw fail(where, `${what} is longer than ${MAX_TEXT_LENGTH} characters`);
  if (value.includes('\u0000')) throw fail(where, `${what} contains a NUL character, which is not allowed in text`);
  return value;
}

/** A number given as a number or as decimal text (inputs in the UI are text). */
function numberFrom(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && Math.abs(value) <= Number.MAX_SAFE_INTEGER ? value : null;
  if (typeof value === 'string' && /^\s*-?\d{1,15}(\.\d{1,15})?\s*$/.test(value)) return Number(value);
  return null;
}

/** The operators of a key, by what they do: a synonym of an allowed operator (`onAny` for `isAny`) is read the same way. */
function allowedMeanings(def: FilterKeyDef): { text: Set<TextOperatorMeaning>; number: Set<SqlComparison> } {
  const text = new Set<TextOperatorMeaning>();
  const number = new Set<SqlComparison>();
  for (const op of def.operators) {
    if (isTextOperator(op)) text.add(TEXT_OPERATOR_MEANING[op]);
    else if (isNumberOperator(op)) number.add(NUMBER_OPERATOR_SQL[op]);
  }
  return { text, number };
}

function readOperator(def: FilterKeyDef, raw: unknown, where: string): { meaning: TextOperatorMeaning } | { comparison: SqlComparison } | { date: DateOperator } {
  const operator = raw === undefined || raw === null || raw === '' ? def.defaultOperator : raw;
  if (typeof operator !== 'string') throw fail(where, `the operator must be text; use one of: ${def.operators.join(', ')}`);
  if (isDateOperator(operator)) {
    if ((def.operators as readonly string[]).includes(operator)) return { date: operator };
    throw fail(where, `Operator "${operator}" compares dates, and ${def.key} holds no dates; use it on a metadata key that holds dates, or limit the session dates with startDate and endDate`);
  }
  const allowed = allowedMeanings(def);
  if (isTextOperator(operator) && allowed.text.has(TEXT_OPERATOR_MEANING[operator])) return { meaning: TEXT_OPERATOR_MEANING[operator] };
  if (isNumberOperator(operator) && allowed.number.has(NUMBER_OPERATOR_SQL[operator])) return { comparison: NUMBER_OPERATOR_SQL[operator] };
  throw fail(where, `Operator ${show(operator)} is not allowed for ${def.key}; use one of: ${def.operators.join(', ')}`);
}

function readValues(raw: unknown, def: FilterKeyDef, where: string): unknown[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw fail(where, `the value of ${def.key} must be a list of values`);
  if (raw.length > MAX_VALUES) throw fail(where, `${def.key} takes at most ${MAX_VALUES} values`);
  return raw;
}

/** Text values without the empty ones, distinct. */
function textValues(raw: unknown[], def: FilterKeyDef, where: string): string[] {
  const out = new Set<string>();
  for (const v of raw) {
    if (v === null || v === '') continue;
    if (typeof v !== 'string') throw fail(where, `the values of ${def.key} must be text; got ${show(v)}`);
    out.add(checkedText(v, where, `a value of ${def.key}`));
  }
  return [...out];
}

function optionValues(raw: unknown[], def: FilterKeyDef, where: string): string[] {
  const out = new Set<string>();
  for (const v of textValues(raw, def, where)) {
    if (def.key === 'ISSUE') {
      // A project's watchdog rules are issue types too, as `watchdog_<id>`.
      if (!ISSUE_TYPE_SET.has(v) && watchdogIdOfKey(v) === null) {
        throw fail(where, `Unknown issue type ${show(v)} in an ISSUE filter; known types: ${ISSUE_TYPES.join(', ')}, or watchdog_<id> for a watchdog rule`);
      }
      out.add(v);
      continue;
    }
    // Options are matched without regard to case (GET or get), then stored in the catalogue's spelling.
    const option = def.options?.find((o) => o.value.toLowerCase() === v.toLowerCase());
    if (!option) throw fail(where, `${show(v)} is not a ${def.key} option; use one of: ${(def.options ?? []).map((o) => o.value).join(', ')}`);
    out.add(option.value);
  }
  return [...out];
}

function numberValues(raw: unknown[], def: FilterKeyDef, where: string): number[] {
  const out = new Set<number>();
  for (const v of raw) {
    if (v === null || v === '') continue;
    const n = numberFrom(v);
    if (n === null) throw fail(where, `the values of ${def.key} must be numbers; got ${show(v)}`);
    out.add(n);
  }
  return [...out];
}

function durationBound(value: unknown, where: string, raw: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = numberFrom(value);
  if (n === null || n < 0) throw fail(where, `DURATION takes [min, max] in milliseconds, each a number ≥ 0 or null; got ${show(raw)}`);
  return n;
}

function readThreshold(def: FilterKeyDef, item: Record<string, unknown>, where: string): Threshold | null {
  const source = def.source!;
  const rawOperator = item.sourceOperator ?? source.defaultOperator;
  const allowed = new Set(source.operators.map((o) => NUMBER_OPERATOR_SQL[o]));
  if (typeof rawOperator !== 'string' || !isNumberOperator(rawOperator) || !allowed.has(NUMBER_OPERATOR_SQL[rawOperator])) {
    throw fail(where, `sourceOperator ${show(rawOperator)} is not allowed for ${def.key}; use one of: ${source.operators.join(', ')}`);
  }
  let raw = item.source;
  if (Array.isArray(raw)) {
    if (raw.length > 1) throw fail(where, `the threshold of ${def.key} ("source") is one number in ${source.unit}; got ${show(raw)}`);
    raw = raw[0];
  }
  if (raw === undefined || raw === null || raw === '') return null;
  const value = numberFrom(raw);
  if (value === null) throw fail(where, `the threshold of ${def.key} ("source") must be a number in ${source.unit}; got ${show(raw)}`);
  return { comparison: NUMBER_OPERATOR_SQL[rawOperator], value };
}

function readMetadataKey(item: Record<string, unknown>, where: string): string {
  const raw = Array.isArray(item.source) && item.source.length === 1 ? item.source[0] : item.source;
  if (typeof raw !== 'string' || raw === '') throw fail(where, 'a METADATA filter needs the metadata key in "source" (text, or a list holding it)');
  return checkedText(raw, where, 'the metadata key');
}

/**
 * A key on Developer Tools data is refused to a reader without DEV_TOOLS, with or without values.
 * The refusal names the key and the sub-filters it carries (FETCH, FETCH_RESPONSE_BODY).
 */
function checkReadable(def: FilterKeyDef, item: SearchFilterItem, where: string, context: FilterCompileContext): void {
  if (!def.needsDevTools || holdsDevTools(context.reader)) return;
  const subKeys = Array.isArray(item.filters) ? item.filters.map((sub: unknown) => (isObject(sub) ? sub.type : undefined)) : [];
  const named = [def.key, ...new Set(subKeys.filter((key): key is string => typeof key === 'string' && (def.subFilters ?? []).includes(key)))];
  throw devToolsRefusal(`${where}: the ${def.label} filter (${named.join(', ')})`);
}

function keyDef(type: unknown, where: string, context: FilterCompileContext, parent: FilterKeyDef | null): { def: FilterKeyDef; metadataKey: string | null } {
  if (typeof type !== 'string' || type === '') throw fail(where, 'the filter item needs a "type" naming its key');
  if (parent) {
    const allowed = parent.subFilters ?? [];
    if (!allowed.includes(type)) throw fail(where, `${show(type)} is not a sub-filter of ${parent.key}; use one of: ${allowed.join(', ')}`);
    return { def: filterKeyDef(type)!, metadataKey: null };
  }
  const def = filterKeyDef(type);
  if (def && SUB_FILTER_KEYS.includes(def)) {
    const owner = FILTER_KEYS.find((k) => k.subFilters?.includes(type));
    throw fail(where, `${show(type)} is a sub-filter of ${owner?.key ?? 'another key'}; put it in the "filters" of a ${owner?.key ?? ''} item`);
  }
  if (def) return { def, metadataKey: null };
  const projectKeys = context.metadataKeys ?? [];
  if (projectKeys.includes(type)) return { def: METADATA_FILTER, metadataKey: checkedText(type, where, 'the metadata key') };
  const known = [...FILTER_KEYS.map((k) => k.key), METADATA_FILTER.key].join(', ');
  const metadata = projectKeys.length ? `, or one of the project's metadata keys (${projectKeys.join(', ')})` : '';
  throw fail(where, `Unknown filter key ${show(type)}; use one of: ${known}${metadata}`);
}

/** One date or time: ISO 8601 text (a day, or a day and time with an optional offset) or epoch milliseconds. */
function dateValue(raw: unknown, where: string, operator: DateOperator): number {
  if (typeof raw === 'number' && Number.isInteger(raw) && raw >= 0 && raw <= MAX_EPOCH_MS) return raw;
  if (typeof raw === 'string' && /^\d{1,15}$/.test(raw.trim()) && Number(raw) <= MAX_EPOCH_MS) return Number(raw);
  if (typeof raw === 'string' && /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(raw.trim())) {
    const at = Date.parse(raw.trim().replace(' ', 'T'));
    if (Number.isFinite(at) && at >= 0 && at <= MAX_EPOCH_MS) return at;
  }
  throw fail(where, `"${operator}" takes one date or time, like 2026-11-02 or 2026-11-02T08:30:00Z (or epoch milliseconds); got ${show(raw)}`);
}

/** A span back from now: a whole number and a unit (s, m, h, d, w), e.g. 30m, 24h, 7d; a bare number is milliseconds. */
function spanValue(raw: unknown, where: string): number {
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  const m = /^(\d{1,12})\s*([smhdw])?$/.exec(text);
  const span = m ? Number(m[1]) * (m[2] ? SPAN_UNIT_MS[m[2]]! : 1) : NaN;
  if (!m || span <= 0 || span > MAX_WITHIN_LAST_MS) throw fail(where, `"withinLast" takes a span back from now, like 30m, 24h or 7d (units s, m, h, d, w; at most ten years); got ${show(raw)}`);
  return span;
}

function dateCriterion(operator: DateOperator, raw: unknown[], where: string): Criterion | null {
  const values = raw.filter((v) => v !== null && v !== '');
  if (values.length === 0) return null;
  if (values.length > 1) throw fail(where, `"${operator}" takes one value; got ${values.length}`);
  if (operator === 'withinLast') return { match: 'withinLast', spanMs: spanValue(values[0], where) };
  return { match: 'date', operator, at: dateValue(values[0], where, operator) };
}

function readCriterion(def: FilterKeyDef, item: Record<string, unknown>, where: string): Criterion | null {
  const operator = readOperator(def, item.operator, where);
  const raw = readValues(item.value, def, where);
  if ('date' in operator) return dateCriterion(operator.date, raw, where);
  switch (def.valueKind) {
    case 'none':
      return { match: 'none' };
    case 'durationRange': {
      if (raw.length > 2) throw fail(where, `DURATION takes [min, max] in milliseconds, each a number ≥ 0 or null; got ${show(raw)}`);
      const min = durationBound(raw[0], where, raw);
      const max = durationBound(raw[1], where, raw);
      if (min === null && max === null) return null;
      if (min !== null && max !== null && min > max) throw fail(where, `the DURATION minimum (${min} ms) is greater than its maximum (${max} ms)`);
      return { match: 'durationRange', min, max };
    }
    case 'number': {
      const values = numberValues(raw, def, where);
      return values.length ? { match: 'number', comparison: (operator as { comparison: SqlComparison }).comparison, values } : null;
    }
    case 'text':
    case 'options': {
      const meaning = (operator as { meaning: TextOperatorMeaning }).meaning;
      const values = def.valueKind === 'options' ? optionValues(raw, def, where) : textValues(raw, def, where);
      if (meaning === 'any' || meaning === 'none') return { match: 'text', meaning, values: [] };
      if (values.length) return { match: 'text', meaning, values };
      return PATH_OPTIONAL_KEYS.has(def.key) ? { match: 'text', meaning: 'any', values: [] } : null;
    }
  }
}

/** One filter item, checked; null when it is to be ignored (no values where its operator needs some). */
export function checkItem(raw: unknown, where: string, context: FilterCompileContext, parent: FilterKeyDef | null = null): CheckedItem | null {
  if (!isObject(raw)) throw fail(where, 'a filter item must be an object like { "type": "LOCATION", "operator": "is", "value": ["/checkout"] }');
  const item = raw as Record<string, unknown> & SearchFilterItem;
  const { def, metadataKey: keyOfType } = keyDef(item.type, where, context, parent);
  checkReadable(def, item, where, context);
  const metadataKey = def === METADATA_FILTER ? (keyOfType ?? readMetadataKey(item, where)) : null;
  const threshold = def.source ? readThreshold(def, item, where) : null;
  const subFilters: CheckedItem[] = [];
  if (item.filters !== undefined && item.filters !== null) {
    if (!Array.isArray(item.filters)) throw fail(where, 'the sub-filters ("filters") must be a list');
    if (item.filters.length && !def.subFilters) throw fail(where, `${def.key} takes no sub-filters ("filters")`);
    if (item.filters.length > MAX_SUB_FILTERS) throw fail(where, `${def.key} takes at most ${MAX_SUB_FILTERS} sub-filters`);
    item.filters.forEach((sub, i) => {
      const checked = checkItem(sub, `${where}.filters[${i}]`, context, def);
      if (checked) subFilters.push(checked);
    });
  }
  const criterion = readCriterion(def, item, where);
  if (!criterion) return null;
  return { def, criterion, threshold, metadataKey, subFilters };
}

function list(raw: unknown, name: string): unknown[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw fail('', `${name} must be a list of filter items`);
  if (raw.length > MAX_FILTER_ITEMS) throw fail('', `${name} may hold at most ${MAX_FILTER_ITEMS} items`);
  return raw;
}

function epochMs(raw: unknown, name: string): number | null {
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < 0 || raw > MAX_EPOCH_MS) {
    throw fail('', `${name} must be a time in epoch milliseconds (a whole number from 0 to ${MAX_EPOCH_MS}) or null; got ${show(raw)}`);
  }
  return raw;
}

function milliseconds(raw: unknown, name: string): number | null {
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < 0 || raw > 2_147_483_647) {
    throw fail('', `${name} must be a whole number of milliseconds ≥ 0, or null; got ${show(raw)}`);
  }
  return raw;
}

function flag(raw: unknown, name: string): boolean {
  if (raw === undefined || raw === null) return false;
  if (typeof raw !== 'boolean') throw fail('', `${name} must be true or false; got ${show(raw)}`);
  return raw;
}

/** The whole search filter, checked. */
export function checkFilter(filter: SessionSearchFilter, context: FilterCompileContext): CheckedFilter {
  if (!isObject(filter)) throw fail('', 'The search filter must be an object');
  const eventsOrder = (filter.eventsOrder ?? 'then') as EventsOrder;
  if (!(EVENTS_ORDERS as readonly unknown[]).includes(eventsOrder)) throw fail('', `eventsOrder must be one of: ${EVENTS_ORDERS.join(', ')}; got ${show(eventsOrder)}`);
  const checked: CheckedFilter = {
    steps: [],
    eventsOrder,
    strict: flag(filter.strict, 'strict'),
    requiredEvents: [],
    attributes: [],
    startDate: epochMs(filter.startDate, 'startDate'),
    endDate: epochMs(filter.endDate, 'endDate'),
    minDuration: milliseconds(filter.minDuration, 'minDuration'),
    maxDuration: milliseconds(filter.maxDuration, 'maxDuration'),
    bookmarked: flag(filter.bookmarked, 'bookmarked'),
  };
  if (checked.startDate !== null && checked.endDate !== null && checked.startDate > checked.endDate) throw fail('', 'startDate is after endDate');
  if (checked.minDuration !== null && checked.maxDuration !== null && checked.minDuration > checked.maxDuration) throw fail('', 'minDuration is greater than maxDuration');
  list(filter.events, 'events').forEach((raw, i) => {
    const item = checkItem(raw, `events[${i}]`, context);
    if (item) (item.def.isEvent ? checked.steps : checked.attributes).push(item);
  });
  list(filter.filters, 'filters').forEach((raw, i) => {
    const item = checkItem(raw, `filters[${i}]`, context);
    if (item) (item.def.isEvent ? checked.requiredEvents : checked.attributes).push(item);
  });
  return checked;
}
