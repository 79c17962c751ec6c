import { assign, fromPromise, setup } from 'xstate';
import { CHART_FETCH_DEBOUNCE_MS } from '../constants.js';

/** The period a chart covers: epoch ms, both ends. */
export interface ChartPeriod {
  startTimestamp: number;
  endTimestamp: number;
}

export interface WidgetChartContext {
  period: ChartPeriod;
  /** The compare period; null when not comparing. */
  compare: ChartPeriod | null;
  main: unknown;
  mainFailure: string | null;
  compared: unknown;
  compareFailure: string | null;
}

export interface WidgetChartInput {
  period: ChartPeriod;
  compare?: ChartPeriod | null;
}

export type WidgetChartEvent =
  | { type: 'SET_PERIOD'; period: ChartPeriod }
  | { type: 'SET_COMPARE'; compare: ChartPeriod | null }
  /** The metric changed (edited, another series): both periods again. */
  | { type: 'REFRESH' }
  | { type: 'RETRY' };

export const CHART_LOAD_FAILED = 'The chart could not be loaded.';

const failureOf = (error: unknown) => {
  const errors = (error as { errors?: unknown })?.errors;
  return Array.isArray(errors) && typeof errors[0] === 'string' ? errors[0] : CHART_LOAD_FAILED;
};

/**
 * One widget's chart (spec part 1 §4: widgets load separately for the main and compare periods).
 * Each period is its own region: a change waits 500 ms (the chart fetch debounce, §9) so a burst
 * of changes makes one call, then loads; a new change drops the call under way. The compare
 * period failing leaves the main chart alone, and the other way round. The card provides `loadChart`.
 */
export const widgetChartMachine = setup({
  types: {
    context: {} as WidgetChartContext,
    events: {} as WidgetChartEvent,
    input: {} as WidgetChartInput,
  },
  actors: {
    loadChart: fromPromise<unknown, { period: ChartPeriod; compare: boolean }>(async () => {
      throw new Error('loadChart is provided by the card');
    }),
  },
  delays: { debounce: CHART_FETCH_DEBOUNCE_MS },
  guards: {
    comparing: ({ context }) => context.compare !== null,
  },
}).createMachine({
  id: 'widgetChart',
  context: ({ input }) => ({ period: input.period, compare: input.compare ?? null, main: null, mainFailure: null, compared: null, compareFailure: null }),
  type: 'parallel',
  states: {
    main: {
      initial: 'waiting',
      on: {
        SET_PERIOD: { target: '.waiting', actions: assign({ period: ({ event }) => event.period }) },
        REFRESH: '.waiting',
      },
      states: {
        waiting: { after: { debounce: 'loading' } },
        loading: {
          invoke: {
            src: 'loadChart',
            input: ({ context }) => ({ period: context.period, compare: false }),
            onDone: { target: 'ready', actions: assign({ main: ({ event }) => event.output, mainFailure: null }) },
            onError: { target: 'failed', actions: assign({ mainFailure: ({ event }) => failureOf(event.error) }) },
          },
        },
        ready: {},
        failed: { on: { RETRY: 'loading' } },
      },
    },
    compare: {
      initial: 'choosing',
      on: {
        SET_COMPARE: { target: '.choosing', actions: assign({ compare: ({ event }) => event.compare, compared: null, compareFailure: null }) },
        REFRESH: '.choosing',
      },
      states: {
        choosing: { always: [{ guard: 'comparing', target: 'waiting' }, { target: 'off' }] },
        off: {},
        waiting: { after: { debounce: 'loading' } },
        loading: {
          invoke: {
            src: 'loadChart',
            input: ({ context }) => ({ period: context.compare!, compare: true }),
            onDone: { target: 'ready', actions: assign({ compared: ({ event }) => event.output, compareFailure: null }) },
            onError: { target: 'failed', actions: assign({ compareFailure: ({ event }) => failureOf(event.error) }) },
          },
        },
        ready: {},
        failed: { on: { RETRY: 'loading' } },
      },
    },
  },
});
