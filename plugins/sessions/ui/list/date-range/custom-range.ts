import { dateInputValue, fromInputValues, timeInputValue } from './zoned-time.js';
import type { DateBounds } from './date-range.js';

/** The custom range popup's inputs, as the date and time inputs hold them, in the viewer's timezone. */
export interface RangeDraft {
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
}

export function draftFrom(bounds: DateBounds, timezone: string): RangeDraft {
  return {
    startDate: dateInputValue(bounds.startDate, timezone),
    startTime: timeInputValue(bounds.startDate, timezone),
    endDate: dateInputValue(bounds.endDate, timezone),
    endTime: timeInputValue(bounds.endDate, timezone),
  };
}

const startKey = (d: RangeDraft) => `${d.startDate} ${d.startTime}`;
const endKey = (d: RangeDraft) => `${d.endDate} ${d.endTime}`;
const complete = (d: RangeDraft) => Boolean(d.startDate && d.startTime && d.endDate && d.endTime);

/** The start cannot move past the end: it stops at the end (spec part 1 §4). */
function keepStartBeforeEnd(d: RangeDraft): RangeDraft {
  return complete(d) && startKey(d) > endKey(d) ? { ...d, startDate: d.endDate, startTime: d.endTime } : d;
}

/** The end cannot move before the start: it stops at the start. */
function keepEndAfterStart(d: RangeDraft): RangeDraft {
  return complete(d) && endKey(d) < startKey(d) ? { ...d, endDate: d.startDate, endTime: d.startTime } : d;
}

/** Picking a start day starts at its midnight. */
export function pickStartDate(d: RangeDraft, date: string): RangeDraft {
  return keepStartBeforeEnd({ ...d, startDate: date, startTime: date ? '00:00' : d.startTime });
}

/** Picking an end day ends at the end of that day (spec part 1 §4). */
export function pickEndDate(d: RangeDraft, date: string): RangeDraft {
  return keepEndAfterStart({ ...d, endDate: date, endTime: date ? '23:59' : d.endTime });
}

export function pickStartTime(d: RangeDraft, time: string): RangeDraft {
  return keepStartBeforeEnd({ ...d, startTime: time });
}

export function pickEndTime(d: RangeDraft, time: string): RangeDraft {
  return keepEndAfterStart({ ...d, endTime: time });
}

/** The range the draft names (the end minute included), or what to fix. */
export function draftBounds(d: RangeDraft, timezone: string, now: number): DateBounds | { error: string } {
  const startDate = fromInputValues(d.startDate, d.startTime, timezone);
  const endMinute = fromInputValues(d.endDate, d.endTime, timezone);
  if (startDate === null) return { error: 'Enter a start date and time.' };
  if (endMinute === null) return { error: 'Enter an end date and time.' };
  if (startDate > now) return { error: 'The start is in the future: pick a moment up to now.' };
  const endDate = endMinute + 59_999;
  if (endDate < startDate) return { error: 'The end is before the start: pick a later end.' };
  return { startDate, endDate };
}
