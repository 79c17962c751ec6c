import { WEEKDAY_NAMES } from '../../format/date-time.js';
import { toWallTime } from '../../../shared/zoned-time.js';

const DAY_MS = 86_400_000;

/** What a time axis names: the hour, the weekday, or day/month. */
export type TimeLabelUnit = 'hour' | 'weekday' | 'dayMonth';

/** Spec part 1 §9: a range up to one day shows the hour, up to 8 days the weekday, longer shows day/month. */
export function timeLabelUnit(rangeMs: number): TimeLabelUnit {
  if (rangeMs <= DAY_MS) return 'hour';
  if (rangeMs <= 8 * DAY_MS) return 'weekday';
  return 'dayMonth';
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "14:00", "Mon" or "21/11" for an instant, in the viewer's timezone. */
export function formatTimeLabel(epochMs: number, unit: TimeLabelUnit, timezone: string): string {
  const w = toWallTime(epochMs, timezone);
  if (unit === 'hour') return `${pad(w.hour)}:${pad(w.minute)}`;
  if (unit === 'weekday') return WEEKDAY_NAMES[new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay()]!;
  return `${pad(w.day)}/${pad(w.month)}`;
}
