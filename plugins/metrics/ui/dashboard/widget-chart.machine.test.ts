import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { widgetChartMachine, type ChartPeriod } from './widget-chart.machine.js';

const week: ChartPeriod = { startTimestamp: 7_000, endTimestamp: 14_000 };
const previousWeek: ChartPeriod = { startTimestamp: 0, endTimestamp: 7_000 };
const day: ChartPeriod = { startTimestamp: 13_000, endTimestamp: 14_000 };

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function start(compare: ChartPeriod | null, failCompare = false) {
  const calls: { period: ChartPeriod; compare: boolean }[] = [];
  const actor = createActor(
    widgetChartMachine.provide({
      actors: {
        loadChart: fromPromise(async ({ input }: { input: { period: ChartPeriod; compare: boolean } }) => {
          calls.push(input);
          if (input.compare && failCompare) throw Object.assign(new Error('x'), { errors: ['compare down'] });
          return { from: input.period.startTimestamp } as unknown;
        }),
      },
    }),
    { input: { period: week, compare } },
  );
  actor.start();
  return { actor, calls, context: () => actor.getSnapshot().context };
}

describe('a widget chart', () => {
  it('loads the main and compare periods separately, 500 ms after the last change', async () => {
    const { calls, context } = start(previousWeek);
    await vi.advanceTimersByTimeAsync(499);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual([
      { period: week, compare: false },
      { period: previousWeek, compare: true },
    ]);
    expect(context()).toMatchObject({ main: { from: 7_000 }, compared: { from: 0 } });
  });

  it('a burst of period changes makes one call, and leaves the compare period alone', async () => {
    const { actor, calls, context } = start(previousWeek);
    await vi.advanceTimersByTimeAsync(500);
    actor.send({ type: 'SET_PERIOD', period: { startTimestamp: 1, endTimestamp: 2 } });
    await vi.advanceTimersByTimeAsync(200);
    actor.send({ type: 'SET_PERIOD', period: day });
    await vi.advanceTimersByTimeAsync(500);
    expect(calls.slice(2)).toEqual([{ period: day, compare: false }]);
    expect(context().compared).toEqual({ from: 0 });
  });

  it('without a compare period loads only the main one; a failing compare period keeps the main chart', async () => {
    const alone = start(null);
    await vi.advanceTimersByTimeAsync(500);
    expect(alone.calls).toEqual([{ period: week, compare: false }]);
    expect(alone.actor.getSnapshot().matches({ compare: 'off' })).toBe(true);

    const failing = start(previousWeek, true);
    await vi.advanceTimersByTimeAsync(500);
    expect(failing.context()).toMatchObject({ main: { from: 7_000 }, mainFailure: null, compareFailure: 'compare down' });
    failing.actor.send({ type: 'SET_COMPARE', compare: null });
    expect(failing.context()).toMatchObject({ compared: null, compareFailure: null });
    expect(failing.actor.getSnapshot().matches({ main: 'ready', compare: 'off' })).toBe(true);
  });
});
