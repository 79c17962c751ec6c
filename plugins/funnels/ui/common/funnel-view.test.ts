import { describe, expect, it } from 'vitest';
import { funnelQueryBody, readCohort, readFunnelView, readPage, resolveRange, viewOf, writeFunnelView } from './funnel-view.js';

const params = (text: string) => new URLSearchParams(text);

describe("a funnel page's view in the URL", () => {
  it('opens on the past 7 days over the whole funnel', () => {
    expect(readFunnelView(params(''))).toEqual({ rangeValue: 'LAST_7_DAYS', startDate: null, endDate: null, span: null });
    expect(writeFunnelView(readFunnelView(params(''))).toString()).toBe('');
  });

  it('reads a named range, a custom range and a span, and writes them back', () => {
    const view = readFunnelView(params('rangeValue=CUSTOM_RANGE&startDate=1000&endDate=2000&firstStage=3&lastStage=2&cohort=dropped'));
    expect(view).toEqual({ rangeValue: 'CUSTOM_RANGE', startDate: 1000, endDate: 2000, span: { firstStage: 2, lastStage: 3 } });
    expect(writeFunnelView(view, params('cohort=dropped')).toString()).toBe('cohort=dropped&rangeValue=CUSTOM_RANGE&startDate=1000&endDate=2000&firstStage=2&lastStage=3');
    expect(readFunnelView(params('rangeValue=LAST_30_DAYS&startDate=1000&endDate=2000'))).toEqual({ rangeValue: 'LAST_30_DAYS', startDate: null, endDate: null, span: null });
  });

  it('ignores what it cannot read', () => {
    expect(readFunnelView(params('rangeValue=FOREVER&firstStage=2&lastStage=2'))).toEqual({ rangeValue: 'LAST_7_DAYS', startDate: null, endDate: null, span: null });
    expect(readFunnelView(params('rangeValue=CUSTOM_RANGE&startDate=2000&endDate=1000')).rangeValue).toBe('LAST_7_DAYS');
    expect(readFunnelView(params('firstStage=0&lastStage=2')).span).toBeNull();
    expect(readCohort(params('cohort=everyone'))).toBe('entered');
    expect(readCohort(params('cohort=converted'))).toBe('converted');
    expect(readPage(params('page=-1'))).toBe(1);
    expect(readPage(params('page=4'))).toBe(4);
  });

  it('asks the server over the range at the time, with the span when there is one', () => {
    const now = Date.UTC(2026, 10, 21, 12);
    const range = resolveRange({ rangeValue: 'LAST_7_DAYS', startDate: null, endDate: null }, 'UTC', now);
    expect(range).toEqual({ rangeValue: 'LAST_7_DAYS', startDate: Date.UTC(2026, 10, 14), endDate: Date.UTC(2026, 10, 22) - 1 });
    expect(funnelQueryBody(range, null)).toEqual({ rangeValue: 'LAST_7_DAYS', startDate: Date.UTC(2026, 10, 14), endDate: Date.UTC(2026, 10, 22) - 1 });
    expect(funnelQueryBody(range, { firstStage: 1, lastStage: 2 })).toMatchObject({ firstStage: 1, lastStage: 2 });
    // A named range stays relative in the URL; a custom one keeps its dates.
    expect(viewOf(range, null)).toEqual({ rangeValue: 'LAST_7_DAYS', startDate: null, endDate: null, span: null });
    expect(viewOf({ rangeValue: 'CUSTOM_RANGE', startDate: 5, endDate: 9 }, null)).toMatchObject({ startDate: 5, endDate: 9 });
  });
});
