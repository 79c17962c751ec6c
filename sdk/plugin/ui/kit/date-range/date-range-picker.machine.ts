import { assign, emit, setup } from 'xstate';
import { dayKey } from '../../../shared/zoned-time.js';
import { compareMonths, monthOf, shiftMonth, type MonthRef } from './calendar.js';
import { rangeBounds, type DateBounds, type DateRangeValue } from './date-ranges.js';
import { draftBounds, draftFromBounds, isSelectableDay, pickEndDay, pickStartDay, setEndTime, setStartTime, type RangeDraft } from './range-draft.js';

export type DateRangePickerEvent =
  /** The picker's button: opens or closes the menu of ranges. */
  | { type: 'TOGGLE' }
  /** A press outside or Escape while the menu is open. */
  | { type: 'CLOSE' }
  /** A range from the menu, with the moment, the zone and the range shown now (a custom range starts from it). */
  | { type: 'CHOOSE'; value: DateRangeValue; now: number; timezone: string; current: DateBounds }
  | { type: 'PICK_DAY'; day: string }
  | { type: 'SET_START_TIME'; time: string }
  | { type: 'SET_END_TIME'; time: string }
  | { type: 'PREVIOUS_MONTH' }
  | { type: 'NEXT_MONTH' }
  | { type: 'APPLY' }
  | { type: 'CANCEL' };

/** What the picker tells its owner: the range chosen and what it means now. */
export interface DateRangeChange {
  type: 'change';
  value: DateRangeValue;
  bounds: DateBounds;
}

export interface DateRangePickerContext {
  timezone: string;
  /** When the menu choice was made: presets are computed, and the future starts, from here. */
  now: number;
  /** The last day that can be picked (today in the viewer's timezone). */
  today: string;
  draft: RangeDraft;
  /** The right-hand month of the two the calendar shows. */
  month: MonthRef;
  error: string | null;
}

type Choose = Extract<DateRangePickerEvent, { type: 'CHOOSE' }>;

function customStart({ now, timezone, current }: Choose): Pick<DateRangePickerContext, 'now' | 'timezone' | 'today' | 'draft' | 'month' | 'error'> {
  const today = dayKey(now, timezone);
  // A range that reaches into the future (e.g. "today" until midnight) starts the draft at now.
  const draft = draftFromBounds({ startDate: Math.min(current.startDate, now), endDate: Math.min(current.endDate, now) }, timezone);
  return { now, timezone, today, draft, month: monthOf(draft.endDay), error: null };
}

/**
 * The date-range picker (spec part 1 §4–§5). closed → menu (the button) → a preset applies at
 * once and closes; Custom Range opens the popup: a two-month calendar where a first click starts
 * a range on a day and a second click ends it at the end of a day (swapping when it comes
 * first), days after today ignored; start and end times (no seconds, not empty) where the start
 * stops at the end and the end at the start; Apply emits the range, Cancel keeps the old one.
 */
export const dateRangePickerMachine = setup({
  types: {
    context: {} as DateRangePickerContext,
    events: {} as DateRangePickerEvent,
    emitted: {} as DateRangeChange,
  },
  guards: {
    choosesCustom: ({ event }) => event.type === 'CHOOSE' && event.value === 'CUSTOM_RANGE',
    selectableDay: ({ context, event }) => event.type === 'PICK_DAY' && isSelectableDay(event.day, context.today),
    canShowNextMonth: ({ context }) => compareMonths(context.month, monthOf(context.today)) < 0,
    draftIsValid: ({ context }) => !('error' in draftBounds(context.draft, context.timezone, context.now)),
  },
}).createMachine({
  id: 'dateRangePicker',
  initial: 'closed',
  context: { timezone: 'UTC', now: 0, today: '1970-01-01', draft: pickStartDay('1970-01-01'), month: { year: 1970, month: 1 }, error: null },
  states: {
    closed: {
      on: { TOGGLE: 'menu' },
    },
    menu: {
      on: {
        TOGGLE: 'closed',
        CLOSE: 'closed',
        CHOOSE: [
          { guard: 'choosesCustom', target: 'custom', actions: assign(({ event }) => customStart(event)) },
          {
            target: 'closed',
            actions: emit(({ event }) => ({ type: 'change' as const, value: event.value, bounds: rangeBounds(event.value, event.timezone, event.now) })),
          },
        ],
      },
    },
    custom: {
      initial: 'pickingStart',
      on: {
        SET_START_TIME: { actions: assign({ draft: ({ context, event }) => setStartTime(context.draft, event.time), error: null }) },
        SET_END_TIME: { actions: assign({ draft: ({ context, event }) => setEndTime(context.draft, event.time), error: null }) },
        PREVIOUS_MONTH: { actions: assign({ month: ({ context }) => shiftMonth(context.month, -1) }) },
        NEXT_MONTH: { guard: 'canShowNextMonth', actions: assign({ month: ({ context }) => shiftMonth(context.month, 1) }) },
        APPLY: [
          {
            guard: 'draftIsValid',
            target: 'closed',
            actions: emit(({ context }) => ({ type: 'change' as const, value: 'CUSTOM_RANGE' as const, bounds: draftBounds(context.draft, context.timezone, context.now) as DateBounds })),
          },
          { actions: assign({ error: ({ context }) => (draftBounds(context.draft, context.timezone, context.now) as { error: string }).error }) },
        ],
        CANCEL: 'closed',
      },
      states: {
        pickingStart: {
          on: {
            PICK_DAY: { guard: 'selectableDay', target: 'pickingEnd', actions: assign({ draft: ({ event }) => pickStartDay(event.day), error: null }) },
          },
        },
        pickingEnd: {
          on: {
            PICK_DAY: { guard: 'selectableDay', target: 'pickingStart', actions: assign({ draft: ({ context, event }) => pickEndDay(context.draft, event.day), error: null }) },
          },
        },
      },
    },
  },
});
