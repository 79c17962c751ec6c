import { describe, expect, it } from 'vitest';
import { editedFilterState, readEditedFilter } from './edited-filter-state.js';

describe("the edited filter in a history entry's state", () => {
  const filter = { events: [{ type: 'LOCATION', operator: 'is', value: ['/cart'], isEvent: true }], filters: [] };

  it('goes there and comes back', () => {
    expect(readEditedFilter(editedFilterState(filter))).toBe(filter);
    expect(editedFilterState(null)).toBeUndefined();
  });

  it('is read only when it has the shape of a filter', () => {
    for (const state of [null, undefined, 'x', {}, { editedFilter: null }, { editedFilter: { events: 'x', filters: [] } }, { editedFilter: { events: [] } }]) {
      expect(readEditedFilter(state)).toBeNull();
    }
  });
});
