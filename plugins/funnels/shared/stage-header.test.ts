import { describe, expect, it } from 'vitest';
import { stageHeader, stageLabel } from './stage-header.js';

describe('stage header and label', () => {
  it("names the four interaction steps in the spec's words, with the operator and the values", () => {
    expect(stageHeader({ type: 'LOCATION', operator: 'is', value: ['/checkout'] })).toBe('Visited URL is /checkout');
    expect(stageHeader({ type: 'CLICK', operator: 'on', value: ['Buy now', 'Pay'] })).toBe('Clicked on Buy now, Pay');
    expect(stageHeader({ type: 'INPUT', operator: 'contains', value: ['Email'] })).toBe('Entered contains Email');
    expect(stageHeader({ type: 'CUSTOM', operator: 'startsWith', value: ['purchase'] })).toBe('Custom Event starts with purchase');
  });

  it('uses the filter label of other keys, drops empty values, and reads a missing operator as the default', () => {
    expect(stageHeader({ type: 'ERROR', value: ['TypeError', ''] })).toBe('Error Message contains TypeError');
    expect(stageHeader({ type: 'FETCH', operator: 'isAny' })).toBe('Network Request is any');
    expect(stageHeader({ type: 'CLICK', value: [] })).toBe('Clicked on');
    expect(stageHeader({ type: 'LOCATION', operator: 'isNot', value: ['/a'] })).toBe('Visited URL is not /a');
    expect(stageHeader({ type: 'SOMETHING_NEW', operator: 'is', value: ['x'], label: 'Something new' })).toBe('Something new is x');
  });

  it("labels stages 'Step n' from 1", () => {
    expect([0, 1, 9].map(stageLabel)).toEqual(['Step 1', 'Step 2', 'Step 10']);
  });
});
