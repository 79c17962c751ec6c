import { toWallTime, zoneLabel } from '../../shared/zoned-time.js';

// Month names are fixed English so the text does not vary with the browser's locale.
export const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;
const SHORT_MONTHS = MONTH_NAMES.map((m) => m.slice(0, 3));
export const WEEKDAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

const pad = (n: number) => String(n).padStart(2, '0');

/** The spec's 'LLL dd, yyyy': "Nov 01, 2026", in the viewer's timezone. */
export function formatDate(epochMs: number, timezone: string): string {
  const w = toWallTime(epochMs, timezone);
  return `${SHORT_MONTHS[w.month - 1]} ${pad(w.day)}, ${w.year}`;
}

export interface DateTimeOptions {
  /** "14:05:09" instead of "14:05". */
  seconds?: boolean;
  /** "02:05 PM" instead of "14:05". */
  hour12?: boolean;
  /** Appends the zone: "UTC", "Europe/Berlin" or "UTC+02:00". */
  zone?: boolean;
}

/** "Nov 01, 2026, 14:05" (the spec's date with a time), in the viewer's timezone. */
export function formatDateTime(epochMs: number, timezone: string, options: DateTimeOptions = {}): string {
  const text = `${formatDate(epochMs, timezone)}, ${formatTimeOfDay(epochMs, timezone, options)}`;
  const label = options.zone ? zoneLabel(timezone) : '';
  return label ? `${text} ${label}` : text;
}

/** "14:05" (or "02:05 PM", or with seconds) in the viewer's timezone. */
export function formatTimeOfDay(epochMs: number, timezone: string, { seconds = false, hour12 = false }: Pick<DateTimeOptions, 'seconds' | 'hour12'> = {}): string {
  const w = toWallTime(epochMs, timezone);
  const hour = hour12 ? (w.hour % 12 === 0 ? 12 : w.hour % 12) : w.hour;
  const clock = `${pad(hour)}:${pad(w.minute)}${seconds ? `:${pad(w.second)}` : ''}`;
  return hour12 ? `${clock} ${w.hour < 12 ? 'AM' : 'PM'}` : clock;
}

const AGE_UNITS: ReadonlyArray<[limitMs: number, unitMs: number, name: string]> = [
  [60_000, 1_000, 'second'],
  [3_600_000, 60_000, 'minute'],
  [86_400_000, 3_600_000, 'hour'],
  [30 * 86_400_000, 86_400_000, 'day'],
  [365 * 86_400_000, 30 * 86_400_000, 'month'],
  [Number.POSITIVE_INFINITY, 365 * 86_400_000, 'year'],
];

/** "3 hours ago"; a moment under 45 s old, or slightly ahead (browser and server clocks differ), is "just now". */
export function formatAgo(epochMs: number, now: number = Date.now()): string {
  const elapsed = now - epochMs;
  if (elapsed < 45_000) return 'just now';
  for (const [limit, unit, name] of AGE_UNITS) {
    if (elapsed < limit) {
      const count = Math.max(1, Math.floor(elapsed / unit));
      return `${count} ${name}${count === 1 ? '' : 's'} ago`;
    }
  }
  return 'long ago';
}
