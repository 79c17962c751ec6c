import { describe, expect, it } from 'vitest';
import { funnelFilterOf, funnelFilterProblem, funnelOrderNote } from './funnel-filter.js';

const step = (value: string) => ({ type: 'LOCATION', operator: 'is', value: [value], isEvent: true });

describe('a funnel made from a session search', () => {
  it('keeps the steps, the attributes and the timeframe, not the order or the strictness', () => {
    const browser = { type: 'USERBROWSER', operator: 'is', value: ['Chrome'], isEvent: false };
    expect(funnelFilterOf({ events: [step('/cart')], filters: [browser], eventsOrder: 'then', strict: true, rangeValue: 'LAST_30_DAYS' })).toEqual({ events: [step('/cart')], filters: [browser], rangeValue: 'LAST_30_DAYS' });
    expect(funnelFilterOf({ events: [step('/cart')], rangeValue: 'CUSTOM_RANGE', startDate: 5, endDate: 9, minDuration: 0 })).toEqual({ events: [step('/cart')], filters: [], rangeValue: 'CUSTOM_RANGE', startDate: 5, endDate: 9, minDuration: 0 });
  });

  it('needs one step and at most 10', () => {
    expect(funnelFilterProblem({ events: [] })).toMatch(/at least one step/);
    expect(funnelFilterProblem({ events: [step('/a')] })).toBeNull();
    expect(funnelFilterProblem({ events: Array.from({ length: 12 }, (_, i) => step(`/${i}`)) })).toBe('A funnel holds at most 10 steps; remove 2 from the search.');
  });

  it('notes that steps matched with and/or will count in order', () => {
    expect(funnelOrderNote({ events: [step('/a'), step('/b')], eventsOrder: 'or' })).toMatch(/in the order listed/);
    expect(funnelOrderNote({ events: [step('/a'), step('/b')], eventsOrder: 'then' })).toBeNull();
    expect(funnelOrderNote({ events: [step('/a')], eventsOrder: 'or' })).toBeNull();
  });
});
