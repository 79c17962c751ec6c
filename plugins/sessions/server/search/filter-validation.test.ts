import { describe, expect, it } from 'vitest';
import { HttpError } from '@cassette/plugin-sdk/server';
import { ADMIN_READER } from '../../testing/filter-readers.js';
import { checkFilter, checkItem } from './filter-validation.js';

const AS_ADMIN = { reader: ADMIN_READER };

const message = (fn: () => unknown): string => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).statusCode).toBe(400);
    return (error as HttpError).message;
  }
  throw new Error('expected a 400');
};

describe('checkFilter', () => {
  it('sorts items into steps, required events and session attributes, with the defaults', () => {
    const checked = checkFilter({
      events: [
        { type: 'LOCATION', operator: 'is', value: ['/a'] },
        { type: 'USEROS', operator: 'is', value: ['Linux'] },
      ],
      filters: [
        { type: 'CLICK', operator: 'on', value: ['Buy'] },
        { type: 'ISSUE', value: ['crash'] },
      ],
    }, AS_ADMIN);
    expect(checked.steps.map((i) => i.def.key)).toEqual(['LOCATION']);
    expect(checked.requiredEvents.map((i) => i.def.key)).toEqual(['CLICK']);
    expect(checked.attributes.map((i) => i.def.key)).toEqual(['USEROS', 'ISSUE']);
    expect(checked.attributes[1]!.criterion).toEqual({ match: 'text', meaning: 'equals', values: ['crash'] });
    expect(checked).toMatchObject({ eventsOrder: 'then', strict: false, bookmarked: false, startDate: null, minDuration: null });
  });

  it('drops empty values and items left without any, except where none are needed', () => {
    const checked = checkFilter({
      filters: [
        { type: 'USEROS', operator: 'is', value: ['', null] },
        { type: 'USEROS', operator: 'hasNoValue' },
        { type: 'DURATION', value: [null, null] },
        { type: 'DURATION', value: [0, null] },
        { type: 'TTFB', operator: 'is', value: [] },
      ],
    }, AS_ADMIN);
    expect(checked.attributes.map((i) => i.criterion)).toEqual([
      { match: 'text', meaning: 'none', values: [] },
      { match: 'durationRange', min: 0, max: null },
    ]);
    expect(checked.requiredEvents[0]!.criterion).toEqual({ match: 'text', meaning: 'any', values: [] });
  });

  it('reads synonyms, numbers given as text and options in any case', () => {
    const location = checkItem({ type: 'LOCATION', operator: 'onAnything' }, 'x', AS_ADMIN)!;
    expect(location.criterion).toEqual({ match: 'text', meaning: 'any', values: [] });
    const fetch = checkItem(
      {
        type: 'FETCH',
        filters: [
          { type: 'FETCH_STATUS_CODE', operator: 'greaterThan', value: ['404', 500, 500] },
          { type: 'FETCH_METHOD', operator: 'is', value: ['post'] },
        ],
      },
      'x',
      AS_ADMIN,
    )!;
    expect(fetch.subFilters.map((s) => s.criterion)).toEqual([
      { match: 'number', comparison: '>', values: [404, 500] },
      { match: 'text', meaning: 'equals', values: ['POST'] },
    ]);
    expect(checkItem({ type: 'AVG_MEMORY_USAGE', source: '512', sourceOperator: 'belowOrEqual' }, 'x', AS_ADMIN)!.threshold).toEqual({ comparison: '<=', value: 512 });
    expect(checkItem({ type: 'plan', value: ['pro'] }, 'x', { ...AS_ADMIN, metadataKeys: ['plan'] })!.metadataKey).toBe('plan');
  });

  it('names the problem and what is allowed', () => {
    expect(message(() => checkItem({ type: 'LOCATION', operator: 'onSelector', value: ['#a'] }, 'events[0]', AS_ADMIN))).toBe(
      'events[0]: Operator "onSelector" is not allowed for LOCATION; use one of: is, isNot, contains, notContains, startsWith, endsWith, isAny',
    );
    expect(message(() => checkItem({ type: 'USERID', operator: 'withinLast', value: ['x'] }, 'f', AS_ADMIN))).toMatch(/compares dates, and USERID holds no dates; use it on a metadata key that holds dates/);
    expect(checkItem({ type: 'METADATA', source: ['signup'], operator: 'withinLast', value: ['24h'] }, 'f', AS_ADMIN)!.criterion).toEqual({ match: 'withinLast', spanMs: 24 * 3_600_000 });
    expect(checkItem({ type: 'METADATA', source: ['signup'], operator: 'before', value: ['2026-11-02T08:30:00Z'] }, 'f', AS_ADMIN)!.criterion).toEqual({ match: 'date', operator: 'before', at: Date.UTC(2026, 10, 2, 8, 30) });
    expect(message(() => checkItem({ type: 'METADATA', source: ['signup'], operator: 'withinLast', value: ['0d'] }, 'f', AS_ADMIN))).toMatch(/"withinLast" takes a span back from now/);
    expect(message(() => checkItem({ type: 'FETCH', filters: [{ type: 'FETCH_STATUS_CODE', operator: 'is', value: [200] }] }, 'f', AS_ADMIN))).toMatch(
      /Operator "is" is not allowed for FETCH_STATUS_CODE; use one of: =, !=, <, >, <=, >=/,
    );
    expect(message(() => checkItem({ type: 'DURATION', value: ['soon'] }, 'f', AS_ADMIN))).toMatch(/DURATION takes \[min, max\] in milliseconds/);
    expect(message(() => checkItem({ type: 'TTFB', source: [1, 2] }, 'f', AS_ADMIN))).toMatch(/is one number in ms/);
    expect(message(() => checkItem('LOCATION', 'f', AS_ADMIN))).toMatch(/a filter item must be an object/);
    expect(message(() => checkFilter({ events: [{ type: 'CLICK', operator: 'onAny' }], eventsOrder: 'xor' as never }, AS_ADMIN))).toMatch(/eventsOrder must be one of: then, and, or/);
    expect(message(() => checkFilter({ strict: 'yes' as never }, AS_ADMIN))).toMatch(/strict must be true or false/);
  });
});
