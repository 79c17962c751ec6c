import { describe, expect, it } from 'vitest';
import { HttpError } from '@cassette/plugin-sdk/server';
import { namedRangeBounds } from './date-range.js';
import { resolveRange, resolveSpan } from './funnel-query.js';

/** Wednesday 18 Nov 2026, 15:30 UTC. */
const NOW = Date.UTC(2026, 10, 18, 15, 30);
const DAY = 86_400_000;

function refusal(fn: () => unknown): { status: number; message: string } {
  try {
    fn();
  } catch (error) {
    if (error instanceof HttpError) return { status: error.statusCode, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('the range of a funnel question', () => {
  it('defaults to the past 7 days: midnight (UTC) seven days ago to the end of today', () => {
    expect(resolveRange({}, NOW)).toEqual({ startDate: Date.UTC(2026, 10, 11), endDate: Date.UTC(2026, 10, 19) - 1 });
  });

  it('reads the picker names', () => {
    expect(namedRangeBounds('LAST_30_MINUTES', NOW)).toEqual({ startDate: NOW - 30 * 60_000, endDate: NOW });
    expect(namedRangeBounds('LAST_24_HOURS', NOW)).toEqual({ startDate: NOW - DAY, endDate: NOW });
    expect(namedRangeBounds('TODAY', NOW)).toEqual({ startDate: Date.UTC(2026, 10, 18), endDate: Date.UTC(2026, 10, 19) - 1 });
    expect(namedRangeBounds('YESTERDAY', NOW)).toEqual({ startDate: Date.UTC(2026, 10, 17), endDate: Date.UTC(2026, 10, 18) - 1 });
    expect(namedRangeBounds('LAST_30_DAYS', NOW)).toEqual({ startDate: Date.UTC(2026, 9, 19), endDate: Date.UTC(2026, 10, 19) - 1 });
    expect(namedRangeBounds('THIS_MONTH', NOW)).toEqual({ startDate: Date.UTC(2026, 10, 1), endDate: Date.UTC(2026, 10, 19) - 1 });
    expect(namedRangeBounds('LAST_MONTH', NOW)).toEqual({ startDate: Date.UTC(2026, 9, 1), endDate: Date.UTC(2026, 10, 1) - 1 });
    expect(namedRangeBounds('THIS_YEAR', NOW)).toEqual({ startDate: Date.UTC(2026, 0, 1), endDate: Date.UTC(2026, 10, 19) - 1 });
    expect(namedRangeBounds('LAST_MONTH', Date.UTC(2027, 0, 5))).toEqual({ startDate: Date.UTC(2026, 11, 1), endDate: Date.UTC(2027, 0, 1) - 1 });
  });

  it('takes the dates when both are given, whatever the name says', () => {
    expect(resolveRange({ rangeValue: 'TODAY', startDate: 1_000, endDate: 2_000 }, NOW)).toEqual({ startDate: 1_000, endDate: 2_000 });
    expect(resolveRange({ rangeValue: 'CUSTOM_RANGE', startDate: 1_000, endDate: 1_000 }, NOW)).toEqual({ startDate: 1_000, endDate: 1_000 });
    expect(resolveRange({ rangeValue: 'YESTERDAY', startDate: null, endDate: null }, NOW)).toEqual(namedRangeBounds('YESTERDAY', NOW));
  });

  it('refuses half a range, a backwards one, a custom one without dates and an unknown name', () => {
    expect(refusal(() => resolveRange({ startDate: 1_000 }, NOW))).toEqual({ status: 400, message: 'Give both startDate and endDate (epoch milliseconds), or neither and a rangeValue.' });
    expect(refusal(() => resolveRange({ endDate: 1_000 }, NOW)).status).toBe(400);
    expect(refusal(() => resolveRange({ startDate: 2_000, endDate: 1_000 }, NOW))).toEqual({ status: 400, message: 'startDate must not be after endDate.' });
    expect(refusal(() => resolveRange({ rangeValue: 'CUSTOM_RANGE' }, NOW)).message).toBe('A CUSTOM_RANGE needs its startDate and endDate (epoch milliseconds).');
    expect(refusal(() => resolveRange({ rangeValue: 'LAST_WEEK' }, NOW)).message).toMatch(/^Unknown rangeValue "LAST_WEEK"; use one of: LAST_30_MINUTES, TODAY, .*CUSTOM_RANGE\.$/);
  });
});

describe('the stages of a funnel question', () => {
  it('defaults to the whole funnel', () => {
    expect(resolveSpan({}, 4)).toEqual({ firstStage: 1, lastStage: 4 });
    expect(resolveSpan({}, 1)).toEqual({ firstStage: 1, lastStage: 1 });
  });

  it('takes two stages in order within the funnel', () => {
    expect(resolveSpan({ firstStage: 2, lastStage: 3 }, 4)).toEqual({ firstStage: 2, lastStage: 3 });
    expect(resolveSpan({ firstStage: 1, lastStage: 4 }, 4)).toEqual({ firstStage: 1, lastStage: 4 });
  });

  it('refuses one stage alone, the wrong order, a stage beyond the funnel, and any span of a one-step funnel', () => {
    expect(refusal(() => resolveSpan({ firstStage: 2 }, 4)).message).toBe('Give both firstStage and lastStage (1-based), or neither for the whole funnel.');
    expect(refusal(() => resolveSpan({ lastStage: 2 }, 4)).status).toBe(400);
    const outOfOrder = 'firstStage and lastStage must satisfy 1 <= firstStage < lastStage <= 4 (the funnel\'s steps); got 3 and 2.';
    expect(refusal(() => resolveSpan({ firstStage: 3, lastStage: 2 }, 4)).message).toBe(outOfOrder);
    expect(refusal(() => resolveSpan({ firstStage: 2, lastStage: 2 }, 4)).status).toBe(400);
    expect(refusal(() => resolveSpan({ firstStage: 3, lastStage: 5 }, 4)).status).toBe(400);
    expect(refusal(() => resolveSpan({ firstStage: 1, lastStage: 1 }, 1)).message).toMatch(/^This funnel has one step/);
  });
});
