// Scheduler times (spec §9): hours 00:00 to 23:00 in the member's local time are stored as UTC
// minutes of the day; a weekday schedule moves to the neighbouring weekday when the conversion
// crosses midnight. Days: -2 every N minutes, -1 every day, 0 (Monday) to 6 (Sunday).
import { SCHEDULE_EVERY, SCHEDULE_EVERYDAY } from './model.js';

const MINUTES_PER_DAY = 1440;
const MS_PER_MINUTE = 60_000;

/** Minutes east of UTC of `timeZone` at the instant `at` (an IANA name, or 'UTC'). */
export function zoneOffsetMinutes(timeZone: string, at: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(at));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((asUtc - Math.floor(at / 1000) * 1000) / MS_PER_MINUTE);
}

export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * The UTC minutes of the day and UTC weekday of `localHour` on `day` in `timeZone`, with the
 * zone's offset at `at` (the moment the member saved it, as peers convert with the browser's offset).
 */
export function localToUtc(localHour: number, day: number, timeZone: string, at: number): { hour: number; day: number } {
  const raw = localHour * 60 - zoneOffsetMinutes(timeZone, at);
  const shift = Math.floor(raw / MINUTES_PER_DAY);
  const hour = raw - shift * MINUTES_PER_DAY;
  if (day < 0) return { hour, day };
  return { hour, day: (((day + shift) % 7) + 7) % 7 };
}

/** Monday 0 … Sunday 6 of a UTC instant. */
function utcWeekday(at: number): number {
  return (new Date(at).getUTCDay() + 6) % 7;
}

/**
 * When a scheduler runs next after `after` (epoch ms). Every N minutes counts from `after`
 * (its last run, or its creation); the others at their UTC minute of the day (on their weekday).
 */
export function nextExecution(schedule: { day: number; minutes: number; hour: number }, after: number): number {
  if (schedule.day === SCHEDULE_EVERY) return after + schedule.minutes * MS_PER_MINUTE;
  const dayStart = Math.floor(after / (MINUTES_PER_DAY * MS_PER_MINUTE)) * MINUTES_PER_DAY * MS_PER_MINUTE;
  for (let offset = 0; offset <= 7; offset++) {
    const candidate = dayStart + offset * MINUTES_PER_DAY * MS_PER_MINUTE + schedule.hour * MS_PER_MINUTE;
    if (candidate <= after) continue;
    if (schedule.day === SCHEDULE_EVERYDAY || utcWeekday(candidate) === schedule.day) return candidate;
  }
  throw new Error(`No next execution for day ${schedule.day}`);
}

/** The weekday the member chose, from the stored UTC weekday (the inverse of `localToUtc`, with the zone's offset at `at`). */
export function localWeekday(schedule: { day: number; localHour: number; timezone: string }, at: number): number {
  if (schedule.day < 0) return schedule.day;
  const shift = Math.floor((schedule.localHour * 60 - zoneOffsetMinutes(schedule.timezone, at)) / MINUTES_PER_DAY);
  return (((schedule.day - shift) % 7) + 7) % 7;
}
