import { describe, expect, it } from 'vitest';
import { plusAction } from './plus-action.js';

const step = { type: 'LOCATION', operator: 'is', value: ['/cart'], isEvent: true };

describe("the Funnels block's plus button", () => {
  it('saves a search that has steps', () => {
    expect(plusAction({ filter: { events: [step] }, stepsInBar: 3 })).toBe('save');
  });

  it('adds the blank steps to a search without any', () => {
    expect(plusAction({ filter: { events: [], filters: [{ type: 'USEROS', operator: 'is', value: ['macOS'] }] }, stepsInBar: 0 })).toBe('addSteps');
    expect(plusAction({ filter: {}, stepsInBar: 0 })).toBe('addSteps');
  });

  it('points at blank steps still waiting for values instead of adding more', () => {
    expect(plusAction({ filter: { events: [] }, stepsInBar: 3 })).toBe('pointAtSteps');
  });
});
