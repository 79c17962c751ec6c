import { allOf, sql, trusted, SQL_TRUE, type SqlFragment } from '@cassette/plugin-sdk/server';
import type { StoredEventType } from '../event-rows.js';
import type { TextOperatorMeaning } from '../../shared/filter-catalogue.js';
import type { CheckedItem, Criterion } from './filter-validation.js';
import { compareNumber, numberMatch } from './number-match.js';
import { comparisonOf, hasNoText, hasText, textMatch, type TextTarget } from './text-match.js';

/**
 * What one event filter item asks of a row of `sessions_events` (spec part 1 §3 filter keys;
 * the row layout is in event-rows.ts). Column names come from the tables below only.
 */
export interface EventMatch {
  /** The `sessions_events.type` of the rows it reads. */
  eventType: StoredEventType;
  /** The conditions on the row under `alias`, beyond its project and type. */
  on(alias: string): SqlFragment;
}

type EventColumn = 'url' | 'path' | 'label' | 'selector' | 'value' | 'name' | 'method' | 'status' | 'success' | 'duration' | 'ttfb' | 'dom_complete' | 'lcp';
type PayloadField = 'requestBody' | 'responseBody' | 'variables' | 'response';

const ALIAS = /^[a-z][a-z0-9_]{0,15}$/;

function column(alias: string, name: EventColumn): SqlFragment {
  if (!ALIAS.test(alias)) throw new Error(`not a table alias: ${alias}`);
  return trusted(`${alias}.${name}`);
}

function payloadField(alias: string, field: PayloadField): SqlFragment {
  if (!ALIAS.test(alias)) throw new Error(`not a table alias: ${alias}`);
  return trusted(`${alias}.payload->>'${field}'`);
}

function textCriterion(criterion: Criterion): { meaning: TextOperatorMeaning; values: string[] } {
  if (criterion.match !== 'text') throw new Error(`a text filter was expected, not ${criterion.match}`);
  return criterion;
}

/**
 * A text criterion on the row. `any` on an event key means any event of its kind (no
 * condition); on a sub-filter (`presence` given) it means the field has a value.
 */
function textOn(criterion: Criterion, targets: (values: string[]) => TextTarget[], presence: SqlFragment | null): SqlFragment {
  const { meaning, values } = textCriterion(criterion);
  if (meaning === 'any') return presence ? hasText(presence) : SQL_TRUE;
  if (meaning === 'none') {
    if (!presence) throw new Error('hasNoValue needs the column of a field');
    return hasNoText(presence);
  }
  return textMatch(comparisonOf(meaning), targets(values));
}

/** Pages and requests: values starting with http are full URLs, the others paths. */
function pathOrUrl(alias: string) {
  return (values: string[]): TextTarget[] => [
    { column: column(alias, 'path'), values: values.filter((v) => !v.toLowerCase().startsWith('http')) },
    { column: column(alias, 'url'), values: values.filter((v) => v.toLowerCase().startsWith('http')) },
  ];
}

const on = (alias: string, name: EventColumn) => (values: string[]): TextTarget[] => [{ column: column(alias, name), values }];

function numberOn(criterion: Criterion, target: SqlFragment): SqlFragment {
  if (criterion.match !== 'number') throw new Error(`a number filter was expected, not ${criterion.match}`);
  return numberMatch(target, criterion.comparison, criterion.values);
}

/** A sub-filter of FETCH or GRAPHQL, on the same row as its parent. */
function subFilterOn(item: CheckedItem, alias: string): SqlFragment {
  const { criterion } = item;
  switch (item.def.key) {
    case 'FETCH_URL':
      return textOn(criterion, pathOrUrl(alias), column(alias, 'url'));
    case 'FETCH_STATUS_CODE':
      return numberOn(criterion, column(alias, 'status'));
    case 'FETCH_DURATION':
      return numberOn(criterion, column(alias, 'duration'));
    case 'FETCH_METHOD':
    case 'GRAPHQL_METHOD':
      return textOn(criterion, on(alias, 'method'), column(alias, 'method'));
    case 'GRAPHQL_NAME':
      return textOn(criterion, on(alias, 'name'), column(alias, 'name'));
    default: {
      const field = PAYLOAD_SUB_FILTERS[item.def.key];
      if (!field) throw new Error(`no column for the sub-filter ${item.def.key}`);
      const target = payloadField(alias, field);
      return textOn(criterion, (values) => [{ column: target, values }], target);
    }
  }
}

const PAYLOAD_SUB_FILTERS: Record<string, PayloadField> = {
  FETCH_REQUEST_BODY: 'requestBody',
  FETCH_RESPONSE_BODY: 'responseBody',
  GRAPHQL_REQUEST_BODY: 'variables',
  GRAPHQL_RESPONSE_BODY: 'response',
};

const TIMING_COLUMNS: Record<string, EventColumn> = { DOM_COMPLETE: 'dom_complete', LARGEST_CONTENTFUL_PAINT_TIME: 'lcp', TTFB: 'ttfb' };

/** The page timing of a performance key: compared with the threshold, or just known when none was given. */
function timingOn(item: CheckedItem, alias: string): SqlFragment {
  const timing = column(alias, TIMING_COLUMNS[item.def.key]!);
  return item.threshold ? compareNumber(timing, item.threshold.comparison, item.threshold.value) : sql`${timing} is not null`;
}

export function eventMatch(item: CheckedItem): EventMatch {
  const { criterion } = item;
  switch (item.def.key) {
    case 'CLICK':
      return {
        eventType: 'CLICK',
        on: (a) => {
          const meaning = criterion.match === 'text' ? criterion.meaning : null;
          return textOn(criterion, on(a, meaning === 'selector' || meaning === 'selectorContains' ? 'selector' : 'label'), null);
        },
      };
    case 'INPUT':
      // The field's label or what was typed in it (when the site records it plainly): "Email" and "red shoes" both find it.
      return { eventType: 'INPUT', on: (a) => textOn(criterion, (values) => [...on(a, 'label')(values), ...on(a, 'value')(values)], null) };
    case 'LOCATION':
      return { eventType: 'LOCATION', on: (a) => textOn(criterion, pathOrUrl(a), null) };
    case 'CUSTOM':
      return { eventType: 'CUSTOM', on: (a) => textOn(criterion, on(a, 'name'), null) };
    case 'STATEACTION':
      return { eventType: 'STATEACTION', on: (a) => textOn(criterion, on(a, 'name'), null) };
    case 'ERROR':
      // The message or the error's name: "TypeError" finds every TypeError.
      return { eventType: 'ERROR', on: (a) => textOn(criterion, (values) => [...on(a, 'value')(values), ...on(a, 'name')(values)], null) };
    case 'FETCH':
    case 'GRAPHQL':
      return { eventType: item.def.key, on: (a) => allOf(item.subFilters.map((sub) => subFilterOn(sub, a))) };
    case 'DOM_COMPLETE':
    case 'LARGEST_CONTENTFUL_PAINT_TIME':
    case 'TTFB':
      return { eventType: 'LOCATION', on: (a) => allOf([textOn(criterion, pathOrUrl(a), null), timingOn(item, a)]) };
    case 'FETCH_FAILED':
      return { eventType: 'FETCH', on: (a) => allOf([sql`${column(a, 'success')} = false`, textOn(criterion, pathOrUrl(a), null)]) };
    default:
      throw new Error(`${item.def.key} is not an event key`);
  }
}
