import { describe, expect, it } from 'vitest';
import type { FilterItemWords, SearchFilterItem } from '@cassette/plugin-sessions/api';
import { stageHeader, stageLabel } from './stage-header.js';

// The filter bar's words as the sessions filter compiler gives them (its own tests cover how it finds them).
const words = (keyLabel: string, operatorLabel: string): FilterItemWords => ({ keyLabel, operator: operatorLabel, operatorLabel });
const header = (step: SearchFilterItem, w: FilterItemWords) => stageHeader(step, w);

describe('stage header and label', () => {
  it("names the four interaction steps in the spec's words, with the operator and the values", () => {
    expect(header({ type: 'LOCATION', operator: 'is', value: ['/checkout'] }, words('Visited URL', 'is'))).toBe('Visited URL is /checkout');
    expect(header({ type: 'CLICK', operator: 'on', value: ['Buy now', 'Pay'] }, words('Click', 'on'))).toBe('Clicked on Buy now, Pay');
    expect(header({ type: 'INPUT', operator: 'contains', value: ['Email'] }, words('Input', 'contains'))).toBe('Entered contains Email');
    expect(header({ type: 'CUSTOM', operator: 'startsWith', value: ['purchase'] }, words('Custom Events', 'starts with'))).toBe('Custom Event starts with purchase');
  });

  it("uses the filter bar's label of other keys and drops empty values", () => {
    expect(header({ type: 'ERROR', value: ['TypeError', ''] }, words('Error Message', 'contains'))).toBe('Error Message contains TypeError');
    expect(header({ type: 'FETCH', operator: 'isAny' }, words('Network Request', 'is any'))).toBe('Network Request is any');
    expect(header({ type: 'CLICK', value: [] }, words('Click', 'on'))).toBe('Clicked on');
  });

  it("labels stages 'Step n' from 1", () => {
    expect([0, 1, 9].map(stageLabel)).toEqual(['Step 1', 'Step 2', 'Step 10']);
  });
});
