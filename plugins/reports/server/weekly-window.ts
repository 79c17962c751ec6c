// When a tenant's weekly report is due and which days it covers, in the tenant's own time zone.
// Weeks start on Monday (ISO 8601); days are local calendar days, so a week across a daylight
// saving change is 167 or 169 hours long, as the people reading it lived it.
import { fromWallTime, toWallTime } from '@cassette/plugin-sdk';

/** The report goes out from this local hour on Monday. */
export const SEND_FROM_HOUR = 8;

const DAY_MS = 86_400_000;

/** A local calendar date, moved by whole days. */
function addDays(date: { year: number; month: number; day: number }, days: number): { year: number; month: number; day: number } {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** ISO 8601 week of a date: `2026-W47` (the year is the week's, which differs near New Year). */
export function isoWeekOf(date: { year: number; month: number; day: number }): string {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day));
  const weekday = d.getUTCDay() || 7;
  // The week belongs to the year of its Thursday.
  d.setUTCDate(d.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(d.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((d.getTime() - yearStart) / DAY_MS + 1) / 7);
  return `${d.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

export interface ReportRange {
  /** Epoch ms, both ends inclusive. */
  startDate: number;
  endDate: number;
}

export interface WeeklyWindow {
  /** The ISO week the report covers (the week before the Monday it is sent): the claim's key. */
  week: string;
  /** Monday 00:00 to Sunday 23:59:59.999 local, the week before the one `now` is in. */
  range: ReportRange;
  /** The week before that, for the trends. */
  previous: ReportRange;
  /** The local dates the report covers, for its title. */
  firstDay: { year: number; month: number; day: number };
  lastDay: { year: number; month: number; day: number };
}

/** The week whose report goes out on the Monday of the week `now` falls in (local time), due or not. */
export function weekBefore(now: number, timeZone: string): WeeklyWindow & { sendFrom: number; sendUntil: number } {
  const local = toWallTime(now, timeZone);
  const weekday = new Date(Date.UTC(local.year, local.month - 1, local.day)).getUTCDay() || 7;
  const monday = addDays(local, 1 - weekday);
  const lastMonday = addDays(monday, -7);
  const mondayBefore = addDays(monday, -14);
  const at = (d: { year: number; month: number; day: number }, hour = 0) => fromWallTime({ ...d, hour, minute: 0 }, timeZone);
  const thisWeekStart = at(monday);
  const lastWeekStart = at(lastMonday);
  return {
    week: isoWeekOf(lastMonday),
    range: { startDate: lastWeekStart, endDate: thisWeekStart - 1 },
    previous: { startDate: at(mondayBefore), endDate: lastWeekStart - 1 },
    firstDay: lastMonday,
    lastDay: addDays(monday, -1),
    sendFrom: at(monday, SEND_FROM_HOUR),
    sendUntil: at(addDays(monday, 1)) - 1,
  };
}

/**
 * The report due at `now`, or null: from Monday 08:00 local to the end of that Monday. The job
 * runs hourly, so the first run after 08:00 sends it, and a process that was down at 08:00 still
 * sends it when it comes back that day. After Monday it is not sent: a week-old summary arriving
 * mid-week is noise, and an install or tenant that appears mid-week gets no surprise mail.
 */
export function dueWeeklyReport(now: number, timeZone: string): WeeklyWindow | null {
  const { sendFrom, sendUntil, ...window } = weekBefore(now, timeZone);
  return now >= sendFrom && now <= sendUntil ? window : null;
}
