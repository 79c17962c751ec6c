import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { dateRangePickerMachine, type DateRangeChange } from './date-range-picker.machine.js';
import { rangeBounds, type DateBounds } from './date-ranges.js';

// Saturday 21 Nov 2026, 14:05 UTC: 15:05 in Berlin.
const NOW = Date.UTC(2026, 10, 21, 14, 5);
const CURRENT: DateBounds = { startDate: Date.UTC(2026, 10, 10, 9, 15), endDate: Date.UTC(2026, 10, 12, 18, 0, 59, 999) };

function start() {
  const actor = createActor(dateRangePickerMachine).start();
  const changes: Omit<DateRangeChange, 'type'>[] = [];
  actor.on('change', ({ value, bounds }) => changes.push({ value, bounds }));
  const snapshot = () => actor.getSnapshot();
  const openCustom = (timezone = 'UTC', current = CURRENT) => {
    actor.send({ type: 'TOGGLE' });
    actor.send({ type: 'CHOOSE', value: 'CUSTOM_RANGE', now: NOW, timezone, current });
  };
  return { actor, changes, snapshot, openCustom };
}

describe('the date-range picker menu', () => {
  it('opens and closes from the button, and closes on a press outside', () => {
    const { actor, snapshot } = start();
    expect(snapshot().value).toBe('closed');
    actor.send({ type: 'TOGGLE' });
    expect(snapshot().value).toBe('menu');
    actor.send({ type: 'TOGGLE' });
    expect(snapshot().value).toBe('closed');
    actor.send({ type: 'TOGGLE' });
    actor.send({ type: 'CLOSE' });
    expect(snapshot().value).toBe('closed');
  });

  it('applies a preset at once, computed at that moment in the viewer timezone', () => {
    const { actor, changes, snapshot } = start();
    actor.send({ type: 'TOGGLE' });
    actor.send({ type: 'CHOOSE', value: 'THIS_MONTH', now: NOW, timezone: 'Europe/Berlin', current: CURRENT });
    expect(snapshot().value).toBe('closed');
    expect(changes).toEqual([{ value: 'THIS_MONTH', bounds: rangeBounds('THIS_MONTH', 'Europe/Berlin', NOW) }]);
    expect(changes[0]!.bounds.startDate).toBe(Date.UTC(2026, 9, 31, 23));
  });
});

describe('picking a custom range', () => {
  it('opens on the current range, showing the month of its end and the one before', () => {
    const { openCustom, snapshot } = start();
    openCustom();
    expect(snapshot().matches({ custom: 'pickingStart' })).toBe(true);
    expect(snapshot().context).toMatchObject({ draft: { startDay: '2026-11-10', startTime: '09:15', endDay: '2026-11-12', endTime: '18:00' }, month: { year: 2026, month: 11 }, today: '2026-11-21', error: null });
  });

  it('starts the draft at now when the current range reaches into the future', () => {
    const { openCustom, snapshot } = start();
    openCustom('Europe/Berlin', rangeBounds('TODAY', 'Europe/Berlin', NOW));
    expect(snapshot().context.draft).toEqual({ startDay: '2026-11-21', startTime: '00:00', endDay: '2026-11-21', endTime: '15:05' });
  });

  it('takes a first click as the start day and a second as the end day, then starts over', () => {
    const { actor, openCustom, snapshot } = start();
    openCustom();
    actor.send({ type: 'PICK_DAY', day: '2026-11-03' });
    expect(snapshot().matches({ custom: 'pickingEnd' })).toBe(true);
    expect(snapshot().context.draft).toEqual({ startDay: '2026-11-03', startTime: '00:00', endDay: '2026-11-03', endTime: '23:59' });
    actor.send({ type: 'PICK_DAY', day: '2026-11-06' });
    expect(snapshot().matches({ custom: 'pickingStart' })).toBe(true);
    expect(snapshot().context.draft).toEqual({ startDay: '2026-11-03', startTime: '00:00', endDay: '2026-11-06', endTime: '23:59' });
    actor.send({ type: 'PICK_DAY', day: '2026-11-08' });
    expect(snapshot().context.draft).toMatchObject({ startDay: '2026-11-08', endDay: '2026-11-08' });
  });

  it('swaps the days when the second comes first', () => {
    const { actor, openCustom, snapshot } = start();
    openCustom();
    actor.send({ type: 'PICK_DAY', day: '2026-11-06' });
    actor.send({ type: 'PICK_DAY', day: '2026-11-02' });
    expect(snapshot().context.draft).toEqual({ startDay: '2026-11-02', startTime: '00:00', endDay: '2026-11-06', endTime: '23:59' });
  });

  it('ignores days after today', () => {
    const { actor, openCustom, snapshot } = start();
    openCustom();
    actor.send({ type: 'PICK_DAY', day: '2026-11-22' });
    expect(snapshot().matches({ custom: 'pickingStart' })).toBe(true);
    expect(snapshot().context.draft.startDay).toBe('2026-11-10');
  });

  it('stops the start time at the end and the end time at the start', () => {
    const { actor, openCustom, snapshot } = start();
    openCustom();
    actor.send({ type: 'PICK_DAY', day: '2026-11-04' });
    actor.send({ type: 'PICK_DAY', day: '2026-11-04' });
    actor.send({ type: 'SET_END_TIME', time: '12:00' });
    actor.send({ type: 'SET_START_TIME', time: '13:00' });
    expect(snapshot().context.draft).toMatchObject({ startTime: '12:00', endTime: '12:00' });
    actor.send({ type: 'SET_START_TIME', time: '08:30' });
    actor.send({ type: 'SET_END_TIME', time: '07:00' });
    expect(snapshot().context.draft).toMatchObject({ startTime: '08:30', endTime: '08:30' });
  });

  it('pages through months, but not past the month of today', () => {
    const { actor, openCustom, snapshot } = start();
    openCustom();
    actor.send({ type: 'NEXT_MONTH' });
    expect(snapshot().context.month).toEqual({ year: 2026, month: 11 });
    actor.send({ type: 'PREVIOUS_MONTH' });
    actor.send({ type: 'PREVIOUS_MONTH' });
    expect(snapshot().context.month).toEqual({ year: 2026, month: 9 });
    actor.send({ type: 'NEXT_MONTH' });
    expect(snapshot().context.month).toEqual({ year: 2026, month: 10 });
  });

  it('applies whole minutes in the viewer timezone, the end minute included', () => {
    const { actor, changes, openCustom, snapshot } = start();
    openCustom('Europe/Berlin');
    actor.send({ type: 'PICK_DAY', day: '2026-11-02' });
    actor.send({ type: 'PICK_DAY', day: '2026-11-03' });
    actor.send({ type: 'SET_START_TIME', time: '08:30' });
    actor.send({ type: 'APPLY' });
    expect(snapshot().value).toBe('closed');
    expect(changes).toEqual([{ value: 'CUSTOM_RANGE', bounds: { startDate: Date.UTC(2026, 10, 2, 7, 30), endDate: Date.UTC(2026, 10, 3, 22, 59, 59, 999) } }]);
  });

  it('refuses an empty time, saying what to fix, until it is filled', () => {
    const { actor, changes, openCustom, snapshot } = start();
    openCustom();
    actor.send({ type: 'SET_START_TIME', time: '' });
    actor.send({ type: 'APPLY' });
    expect(snapshot().matches('custom')).toBe(true);
    expect(snapshot().context.error).toBe('Enter a start date and time.');
    actor.send({ type: 'SET_START_TIME', time: '09:00' });
    expect(snapshot().context.error).toBeNull();
    actor.send({ type: 'APPLY' });
    expect(changes).toHaveLength(1);
  });

  it('refuses a start later than now', () => {
    const { actor, openCustom, snapshot } = start();
    openCustom();
    actor.send({ type: 'PICK_DAY', day: '2026-11-21' });
    actor.send({ type: 'PICK_DAY', day: '2026-11-21' });
    actor.send({ type: 'SET_START_TIME', time: '15:00' });
    actor.send({ type: 'APPLY' });
    expect(snapshot().context.error).toBe('The start is in the future: pick a moment up to now.');
  });

  it('keeps the old range on Cancel', () => {
    const { actor, changes, openCustom, snapshot } = start();
    openCustom();
    actor.send({ type: 'PICK_DAY', day: '2026-11-02' });
    actor.send({ type: 'CANCEL' });
    expect(snapshot().value).toBe('closed');
    expect(changes).toEqual([]);
  });
});
