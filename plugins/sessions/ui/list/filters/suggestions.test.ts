import { describe, expect, it } from 'vitest';
import { METADATA_FILTER, filterKeyDef } from '../../../shared/filter-catalogue.js';
import { matchingCountries } from '../../common/country.js';
import { suggestionPath, toValueSuggestions } from './suggestions.js';

const def = (k: string) => filterKeyDef(k)!;

describe('value suggestions', () => {
  it('asks the route of the key (spec part 1 §7 Filters)', () => {
    expect(suggestionPath(7, { type: 'LOCATION', operator: 'is' }, def('LOCATION'), '/ca rt')).toBe('/7/events/search?q=%2Fca%20rt&type=LOCATION');
    expect(suggestionPath(7, { type: 'USEROS', operator: 'is' }, def('USEROS'), 'mac')).toBe('/7/sessions/filters/search?q=mac&type=USEROS');
    expect(suggestionPath(7, { type: 'USERCOUNTRY', operator: 'is' }, def('USERCOUNTRY'), 'ger')).toBe('/7/sessions/filters/search?q=ger&type=USERCOUNTRY');
    expect(suggestionPath(7, { type: 'CLICK', operator: 'onSelector' }, def('CLICK'), '#buy')).toBe('/7/events/selectors?q=%23buy&type=CLICK');
    expect(suggestionPath(7, { type: 'METADATA', operator: 'is', source: ['plan'] }, METADATA_FILTER, 'p')).toBe('/7/sessions/filters/search?q=p&type=METADATA&source=plan');
    expect(suggestionPath(7, { type: 'FETCH_STATUS_CODE', operator: '=' }, def('FETCH_STATUS_CODE'), '4')).toBeNull();
    expect(suggestionPath(7, { type: 'ERROR', operator: 'contains' }, def('ERROR'), 'undef')).toBe('/7/events/values?type=ERROR&q=undef');
  });

  it('asks for typed text holding half an emoji with U+FFFD in its place, rather than throwing', () => {
    expect(suggestionPath(7, { type: 'CLICK', operator: 'is' }, def('CLICK'), 'Buy \uD83D')).toBe('/7/events/search?q=Buy%20%EF%BF%BD&type=CLICK');
    expect(suggestionPath(7, { type: 'METADATA', operator: 'is', source: ['plan\uDE00'] }, METADATA_FILTER, '\uDE00\uD83D\uDE00')).toBe('/7/sessions/filters/search?q=%EF%BF%BD%F0%9F%98%80&type=METADATA&source=plan%EF%BF%BD');
  });

  it('offers the most frequent values of a grouped key from /sessions/filters before anything is typed', () => {
    expect(suggestionPath(7, { type: 'USERBROWSER', operator: 'is' }, def('USERBROWSER'), '')).toBe('/7/sessions/filters');
    expect(suggestionPath(7, { type: 'USERID', operator: 'is' }, def('USERID'), '')).toBe('/7/sessions/filters/search?q=&type=USERID');
    const grouped = { USEROS: ['Windows', 'macOS'], USERBROWSER: ['Chrome', 'Firefox', ''] };
    expect(toValueSuggestions(def('USERBROWSER'), '', grouped, (c) => c)).toEqual([
      { value: 'Chrome', label: 'Chrome' },
      { value: 'Firefox', label: 'Firefox' },
    ]);
    expect(toValueSuggestions(def('REFERRER'), '', grouped, (c) => c)).toEqual([]);
  });

  it('lists the server answer without blanks or repeats', () => {
    const answer = [
      { type: 'USEROS', value: 'macOS', count: 4 },
      { type: 'USEROS', value: '', count: 1 },
      { type: 'USEROS', value: 'macOS', count: 4 },
      { value: 'Windows', count: 2 },
      'junk',
    ];
    expect(toValueSuggestions(def('USEROS'), 'o', answer, (c) => c)).toEqual([
      { value: 'macOS', label: 'macOS', count: 4 },
      { value: 'Windows', label: 'Windows', count: 2 },
    ]);
    expect(toValueSuggestions(def('USEROS'), 'o', null, (c) => c)).toEqual([]);
  });

  it('adds up to 5 countries matching by name before the server answer for the country key', () => {
    expect(matchingCountries('united').map((c) => c.code)).toEqual(['AE', 'GB', 'US']);
    expect(matchingCountries('a')).toHaveLength(5);
    expect(matchingCountries('de')[0]).toEqual({ code: 'DE', name: 'Germany' });
    expect(matchingCountries('cote')[0]?.code).toBe('CI');
    const list = toValueSuggestions(def('USERCOUNTRY'), 'germ', [{ type: 'USERCOUNTRY', value: 'DE', count: 3 }, { type: 'USERCOUNTRY', value: 'FR', count: 1 }], (c) => `name of ${c}`);
    expect(list).toEqual([
      { value: 'DE', label: 'name of DE', count: 3 },
      { value: 'FR', label: 'name of FR', count: 1 },
    ]);
  });
});
