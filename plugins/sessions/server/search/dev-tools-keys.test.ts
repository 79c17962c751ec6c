import { describe, expect, it } from 'vitest';
import { FILTER_KEYS, SUB_FILTER_KEYS, filterKeyDef, type FilterKeyDef } from '../../shared/filter-catalogue.js';
import { DEV_TOOLS_EVENT_TYPES } from '../event-rows.js';
import { EVENT_SEARCH_SOURCES, EVENT_VALUE_SOURCES, FILTER_VALUE_KEYS, SELECTOR_SOURCES } from '../suggestions/suggestion-sources.js';
import { eventMatch } from './event-conditions.js';
import type { CheckedItem } from './filter-validation.js';
import { SESSION_KEY_COLUMNS } from './session-key-columns.js';

/**
 * The catalogue's `needsDevTools` marks must agree with what each key really reads: a key
 * added later on console, network, GraphQL or state-action rows without the mark fails here.
 */

const anyOf = (def: FilterKeyDef): CheckedItem => ({ def, criterion: { match: 'text', meaning: 'any', values: [] }, threshold: null, metadataKey: null, subFilters: [] });

describe('which filter keys need Developer Tools', () => {
  it('marks every event key that reads Developer Tools rows, and no other event key', () => {
    for (const def of FILTER_KEYS.filter((d) => d.isEvent)) {
      expect(def.needsDevTools, def.key).toBe(DEV_TOOLS_EVENT_TYPES.has(eventMatch(anyOf(def)).eventType));
    }
  });

  it('marks every sub-filter of a request or a GraphQL call (URLs, bodies, headers, names)', () => {
    for (const def of SUB_FILTER_KEYS) expect(def.needsDevTools, def.key).toBe(true);
  });

  it('marks the session averages of CPU and memory samples (the player keeps them for Developer Tools)', () => {
    expect(FILTER_KEYS.filter((d) => !d.isEvent && d.needsDevTools).map((d) => d.key)).toEqual(['AVG_CPU_LOAD', 'AVG_MEMORY_USAGE']);
  });

  it('agrees with the suggestion sources: a source on Developer Tools rows serves only marked keys', () => {
    for (const [key, source] of Object.entries(EVENT_SEARCH_SOURCES)) {
      expect(filterKeyDef(key)?.needsDevTools, key).toBe(DEV_TOOLS_EVENT_TYPES.has(source.storedType));
    }
    expect(Object.keys(EVENT_VALUE_SOURCES).filter((type) => DEV_TOOLS_EVENT_TYPES.has(EVENT_VALUE_SOURCES[type]!.storedType))).toEqual(['CONSOLE']);
    expect(Object.values(SELECTOR_SOURCES).some((source) => DEV_TOOLS_EVENT_TYPES.has(source.storedType))).toBe(false);
  });

  it('keeps the session attribute suggestions and GET /sessions/filters free of Developer Tools data', () => {
    for (const key of [...Object.keys(SESSION_KEY_COLUMNS), ...FILTER_VALUE_KEYS]) expect(filterKeyDef(key)?.needsDevTools, key).toBe(false);
  });
});
