import { describe, expect, it } from 'vitest';
import { FILTER_KEYS, filterKeyDef } from '../../../shared/filter-catalogue.js';
import { newItem, pickerEntries } from './filter-item.js';
import { EMPTY_FILTER_SEARCH, addBlankSteps, addEvent, addFilter, clearFilters, editEvent, moveEvent, removeEvent, removeFilter, setEventsOrder, setStrict } from './filter-search.js';

const key = (k: string) => newItem(filterKeyDef(k)!);

describe('the filter bar operations', () => {
  it('adds, edits, moves and removes event steps by index', () => {
    let s = addEvent(addEvent(addEvent(EMPTY_FILTER_SEARCH, key('LOCATION')), key('CLICK')), key('FETCH'));
    expect(s.events.map((e) => e.type)).toEqual(['LOCATION', 'CLICK', 'FETCH']);
    s = editEvent(s, 1, { ...s.events[1]!, value: ['Buy'] });
    expect(s.events[1]).toEqual({ type: 'CLICK', operator: 'on', value: ['Buy'], isEvent: true });
    s = moveEvent(s, 2, 0);
    expect(s.events.map((e) => e.type)).toEqual(['FETCH', 'LOCATION', 'CLICK']);
    expect(moveEvent(s, 0, -1)).toBe(s);
    expect(moveEvent(s, 2, 3)).toBe(s);
    s = removeEvent(s, 1);
    expect(s.events.map((e) => e.type)).toEqual(['FETCH', 'CLICK']);
  });

  it('appends blank steps of the event keys asked for, after the existing ones, and skips other keys', () => {
    const start = addEvent(EMPTY_FILTER_SEARCH, { ...key('INPUT'), value: ['ada'] });
    const s = addBlankSteps(start, ['LOCATION', 'LOCATION', 'USERBROWSER', 'NOPE', 'CLICK']);
    expect(s.events).toEqual([start.events[0], key('LOCATION'), key('LOCATION'), key('CLICK')]);
    expect(s.events[1]).toEqual({ type: 'LOCATION', operator: 'is', value: [], isEvent: true });
    expect(s.filters).toBe(start.filters);
    expect(addBlankSteps(start, ['USEROS'])).toBe(start);
  });

  it('adds the same event key twice (two steps), but an attribute key only once', () => {
    const twice = addEvent(addEvent(EMPTY_FILTER_SEARCH, key('CLICK')), key('CLICK'));
    expect(twice.events).toHaveLength(2);
    const first = addFilter(EMPTY_FILTER_SEARCH, key('USERBROWSER'));
    expect(first.existing).toBeNull();
    const withOs = addFilter(first.search, key('USEROS')).search;
    const again = addFilter(withOs, { ...key('USERBROWSER'), value: ['Firefox'] });
    expect(again.existing).toBe(0);
    expect(again.search).toBe(withOs);
    // Metadata filters are one per metadata key.
    const [plan, team] = pickerEntries('attributes', [
      { index: 1, key: 'plan' },
      { index: 2, key: 'team', label: 'Team' },
    ], true).filter((e) => e.category === 'Metadata');
    const meta = addFilter(addFilter(withOs, plan!.create()).search, team!.create());
    expect(meta.existing).toBeNull();
    expect(addFilter(meta.search, plan!.create()).existing).toBe(2);
    expect(removeFilter(meta.search, 0).filters.map((f) => f.type)).toEqual(['USEROS', 'METADATA', 'METADATA']);
  });

  it('clears all steps and attributes, and keeps strict only with then', () => {
    const s = addFilter(addEvent(EMPTY_FILTER_SEARCH, key('CLICK')), key('USEROS')).search;
    expect(clearFilters(s)).toEqual(EMPTY_FILTER_SEARCH);
    const strict = setStrict(s, true);
    expect(strict.strict).toBe(true);
    expect(setEventsOrder(strict, 'and').strict).toBe(false);
    expect(setStrict(setEventsOrder(s, 'or'), true).strict).toBe(false);
  });

  it('offers event keys under Add Step and attribute keys plus metadata under Add Filter', () => {
    const events = pickerEntries('events', [], true);
    expect(events.every((e) => e.isEvent)).toBe(true);
    expect(events.map((e) => e.id)).toEqual(expect.arrayContaining(['CLICK', 'INPUT', 'LOCATION', 'FETCH', 'FETCH_FAILED', 'TTFB']));
    const attributes = pickerEntries('attributes', [{ index: 1, key: 'plan', label: 'Plan' }], true);
    expect(attributes.some((e) => e.isEvent)).toBe(false);
    expect(attributes.at(-1)).toMatchObject({ label: 'Plan', category: 'Metadata' });
    expect(attributes.at(-1)!.create()).toEqual({ type: 'METADATA', operator: 'is', value: [], isEvent: false, source: ['plan'] });
    expect(events.length + attributes.length - 1).toBe(FILTER_KEYS.length);
  });

  it('offers keys on Developer Tools data only to a viewer holding DEV_TOOLS', () => {
    const ids = (kind: 'events' | 'attributes', canUseDevTools: boolean) => pickerEntries(kind, [], canUseDevTools).map((e) => e.id);
    expect(ids('events', false)).toEqual(['CLICK', 'INPUT', 'LOCATION', 'CUSTOM', 'ERROR', 'DOM_COMPLETE', 'LARGEST_CONTENTFUL_PAINT_TIME', 'TTFB']);
    expect(ids('events', true)).toEqual(expect.arrayContaining(['FETCH', 'GRAPHQL', 'STATEACTION', 'FETCH_FAILED']));
    expect(ids('attributes', false).some((id) => id === 'AVG_CPU_LOAD' || id === 'AVG_MEMORY_USAGE')).toBe(false);
    expect(ids('attributes', true)).toEqual(expect.arrayContaining(['AVG_CPU_LOAD', 'AVG_MEMORY_USAGE']));
  });

  it('starts a new row with the key default operator, its threshold operator and an empty duration', () => {
    expect(key('DOM_COMPLETE')).toEqual({ type: 'DOM_COMPLETE', operator: 'isAny', value: [], isEvent: true, source: [], sourceOperator: '>=' });
    expect(key('FETCH')).toEqual({ type: 'FETCH', operator: 'isAny', value: [], isEvent: true, filters: [] });
    expect(key('DURATION')).toEqual({ type: 'DURATION', operator: 'is', value: [null, null], isEvent: false });
  });
});
