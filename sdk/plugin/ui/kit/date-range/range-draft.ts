import { dayKey, fromDayAndTime, minuteKey } from '../../../shared/zoned-time.js';
import type { DateBounds } from './date-ranges.js';

/** A custom range being picked: day keys ("2026-11-21") and minute keys ("14:05") in the viewer's timezone. */
export interface RangeDraft {
  startDay: string;
  startTime: string;
  endDay: string;
  endTime: string;
}

const DAY_START = '00:00';
const DAY_END = '23:59';

export function draftFromBounds({ startDate, endDate }: DateBounds, timezone: string): RangeDraft {
  return { startDay: dayKey(startDate, timezone), startTime: minuteKey(startDate, timezone), endDay: dayKey(endDate, timezone), endTime: minuteKey(endDate, timezone) };
}

/** The picker offers days up to today only (spec part 1 §5). */
export function isSelectableDay(day: string, today: string): boolean {
  return day <= today;
}

/** A first click starts a new range on that day, from its midnight to its end. */
export function pickStartDay(day: string): RangeDraft {
  return { startDay: day, startTime: DAY_START, endDay: day, endTime: DAY_END };
}

/**
 * A second click ends the range at the end of that day (spec part 1 §4). A day before the
 * start swaps them: the range runs from that day's midnight to the end of the first day.
 */
export function pickEndDay(draft: RangeDraft, day: string): RangeDraft {
  if (day >= draft.startDay) return { ...draft, endDay: day, endTime: DAY_END };
  return { startDay: day, startTime: DAY_START, endDay: draft.startDay, endTime: DAY_END };
}

const startKey = (d: RangeDraft) => `${d.startDay} ${d.startTime}`;
const endKey = (d: RangeDraft) => `${d.endDay} ${d.endTime}`;
const timed = (d: RangeDraft) => Boolean(d.startTime && d.endTime);

/** The start cannot move after the end: a later start time stops at the end (spec part 1 §4). */
export function setStartTime(draft: RangeDraft, time: string): RangeDraft {
  const next = { ...draft, startTime: time };
  return timed(next) && startKey(next) > endKey(next) ? { ...next, startDay: next.endDay, startTime: next.endTime } : next;
}

/** The end cannot move before the start: an earlier end time stops at the start. */
export function setEndTime(draft: RangeDraft, time: string): RangeDraft {
  const next = { ...draft, endTime: time };
  return timed(next) && endKey(next) < startKey(next) ? { ...next, endDay: next.startDay, endTime: next.startTime } : next;
}

/**
 * The range a draft names, whole minutes with the end minute included, or what to fix: a time
 * must not be empty (spec part 1 §5) and the start must not be in the future.
 */
export function draftBounds(draft: RangeDraft, timezone: string, now: number): DateBounds | { error: string } {
  const startDate = fromDayAndTime(draft.startDay, draft.startTime, timezone);
  const endMinute = fromDayAndTime(draft.endDay, draft.endTime, timezone);
  if (startDate === null) return { error: 'Enter a start date and time.' };
  if (endMinute === null) return { error: 'Enter an end date and time.' };
  if (startDate > now) return { error: 'The start is in the future: pick a moment up to now.' };
  const endDate = endMinute + 59_999;
  if (endDate < startDate) return { error: 'The end is before the start: pick a later end.' };
  return { startDate, endDate };
}
