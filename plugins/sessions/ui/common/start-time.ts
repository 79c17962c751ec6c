import { addDays, dayKey, formatTimeOfDay, MONTH_NAMES, toWallTime } from '@cassette/plugin-sdk/ui';

/**
 * The start of a session in the viewer's chosen timezone (an IANA name or a fixed offset such as
 * "UTC", "+02:00", "UTC-5"): "Today, 14:05", "Yesterday, 09:30", "Nov 21, 14:05", and the year
 * when it is not this one.
 */
export function formatStartTime(startedAt: number, timezone: string, now: number = Date.now()): string {
  const time = formatTimeOfDay(startedAt, timezone);
  const day = dayKey(startedAt, timezone);
  if (day === dayKey(now, timezone)) return `Today, ${time}`;
  if (day === dayKey(addDays(now, -1, timezone), timezone)) return `Yesterday, ${time}`;
  const start = toWallTime(startedAt, timezone);
  const monthDay = `${MONTH_NAMES[start.month - 1]!.slice(0, 3)} ${start.day}`;
  return start.year === toWallTime(now, timezone).year ? `${monthDay}, ${time}` : `${monthDay}, ${start.year}, ${time}`;
}
