import { addDays, endOfDay, startOfDay, startOfMonth, startOfYear, toWallTime } from '../../../shared/zoned-time.js';

/**
 * Every named range of both spec parts, in menu order. Part 1 §3 names the labels of 30 Minutes,
 * Today, Yesterday, Past 7 Days, Past 30 Days and Custom Range; part 2 §9 adds last 24 hours,
 * this month, last month and this year, written here the same way.
 */
export const DATE_RANGES = [
  { value: 'LAST_30_MINUTES', label: '30 Minutes' },
  { value: 'TODAY', label: 'Today' },
  { value: 'YESTERDAY', label: 'Yesterday' },
  { value: 'LAST_24_HOURS', label: 'Past 24 Hours' },
  { value: 'LAST_7_DAYS', label: 'Past 7 Days' },
  { value: 'LAST_30_DAYS', label: 'Past 30 Days' },
  { value: 'THIS_MONTH', label: 'This Month' },
  { value: 'LAST_MONTH', label: 'Last Month' },
  { value: 'THIS_YEAR', label: 'This Year' },
  { value: 'CUSTOM_RANGE', label: 'Custom Range' },
] as const;

export type DateRangeValue = (typeof DATE_RANGES)[number]['value'];
export type PresetRangeValue = Exclude<DateRangeValue, 'CUSTOM_RANGE'>;

/** Dashboards, funnels and the session search start on the past 7 days (spec part 1 §3, part 2 §9). */
export const DEFAULT_DATE_RANGE: DateRangeValue = 'LAST_7_DAYS';

/** Every range the generic picker offers. */
export const ALL_DATE_RANGES: readonly DateRangeValue[] = DATE_RANGES.map((r) => r.value);

/** The alert-related picker leaves out the last 30 minutes and a custom range (spec part 1 §9). */
export const ALERT_DATE_RANGES: readonly DateRangeValue[] = ALL_DATE_RANGES.filter((r) => r !== 'LAST_30_MINUTES' && r !== 'CUSTOM_RANGE');

/** Epoch ms; both ends included. */
export interface DateBounds {
  startDate: number;
  endDate: number;
}

export function isDateRangeValue(value: unknown): value is DateRangeValue {
  return DATE_RANGES.some((r) => r.value === value);
}

export function dateRangeLabel(value: DateRangeValue): string {
  return DATE_RANGES.find((r) => r.value === value)!.label;
}

/**
 * What a range means at `now` in the viewer's timezone. Day ranges run from the first day's
 * midnight to the last day's end ("Past 7 Days" starts at midnight seven days ago and ends
 * tonight); hour and minute ranges end now. A custom range keeps its picked bounds; without
 * both it falls back to the default range.
 */
export function rangeBounds(value: DateRangeValue, timezone: string, now: number, custom?: { startDate: number | null; endDate: number | null }): DateBounds {
  const untilTonight = (startDate: number) => ({ startDate, endDate: endOfDay(now, timezone) });
  switch (value) {
    case 'LAST_30_MINUTES':
      return { startDate: now - 30 * 60_000, endDate: now };
    case 'LAST_24_HOURS':
      return { startDate: now - 24 * 3_600_000, endDate: now };
    case 'TODAY':
      return untilTonight(startOfDay(now, timezone));
    case 'YESTERDAY': {
      const yesterday = addDays(now, -1, timezone);
      return { startDate: startOfDay(yesterday, timezone), endDate: endOfDay(yesterday, timezone) };
    }
    case 'LAST_7_DAYS':
      return untilTonight(startOfDay(addDays(now, -7, timezone), timezone));
    case 'LAST_30_DAYS':
      return untilTonight(startOfDay(addDays(now, -30, timezone), timezone));
    case 'THIS_MONTH':
      return untilTonight(startOfMonth(now, timezone));
    case 'LAST_MONTH':
      return { startDate: startOfMonth(now, timezone, -1), endDate: startOfMonth(now, timezone) - 1 };
    case 'THIS_YEAR':
      return untilTonight(startOfYear(now, timezone));
    case 'CUSTOM_RANGE':
      if (custom && custom.startDate !== null && custom.endDate !== null) return { startDate: custom.startDate, endDate: custom.endDate };
      return rangeBounds(DEFAULT_DATE_RANGE, timezone, now);
  }
}

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

/** "Nov 2, 2026 08:30": one end of a custom range, to the minute (the picker has no seconds). */
export function rangeEdgeLabel(epochMs: number, timezone: string): string {
  const w = toWallTime(epochMs, timezone);
  return `${SHORT_MONTHS[w.month - 1]} ${w.day}, ${w.year} ${pad(w.hour)}:${pad(w.minute)}`;
}

/** What the picker's button says: the range's name, or a custom range's two ends. */
export function rangeButtonLabel(value: DateRangeValue, startDate: number | null, endDate: number | null, timezone: string): string {
  if (value === 'CUSTOM_RANGE' && startDate !== null && endDate !== null) return `${rangeEdgeLabel(startDate, timezone)} – ${rangeEdgeLabel(endDate, timezone)}`;
  return dateRangeLabel(value);
}
