import { DEFAULT_RANGE_VALUE, RANGE_VALUES, type RangeValue } from '../../../shared/filter-catalogue.js';
import { addDays, endOfDay, formatDateTime, startOfDay } from './zoned-time.js';

export { DEFAULT_RANGE_VALUE, RANGE_VALUES, type RangeValue };

export interface DateBounds {
  /** Epoch ms, over the session start. */
  startDate: number;
  endDate: number;
}

const THIRTY_MINUTES_MS = 30 * 60_000;

export function isRangeValue(value: unknown): value is RangeValue {
  return RANGE_VALUES.some((r) => r.value === value);
}

export function rangeLabel(value: RangeValue): string {
  return RANGE_VALUES.find((r) => r.value === value)!.label;
}

/**
 * The dates a preset means at `now` in the viewer's timezone: whole days from the first day's
 * midnight to the last day's end ("Past 7 Days" starts at midnight seven days ago). A custom
 * range keeps the picked dates; without both it falls back to the default preset.
 */
export function rangeBounds(range: RangeValue, timezone: string, now: number, custom?: { startDate: number | null; endDate: number | null }): DateBounds {
  switch (range) {
    case 'LAST_30_MINUTES':
      return { startDate: now - THIRTY_MINUTES_MS, endDate: now };
    case 'TODAY':
      return { startDate: startOfDay(now, timezone), endDate: endOfDay(now, timezone) };
    case 'YESTERDAY': {
      const yesterday = addDays(now, -1, timezone);
      return { startDate: startOfDay(yesterday, timezone), endDate: endOfDay(yesterday, timezone) };
    }
    case 'LAST_7_DAYS':
      return { startDate: startOfDay(addDays(now, -7, timezone), timezone), endDate: endOfDay(now, timezone) };
    case 'LAST_30_DAYS':
      return { startDate: startOfDay(addDays(now, -30, timezone), timezone), endDate: endOfDay(now, timezone) };
    case 'CUSTOM_RANGE':
      if (custom && custom.startDate !== null && custom.endDate !== null) return { startDate: custom.startDate, endDate: custom.endDate };
      return rangeBounds(DEFAULT_RANGE_VALUE, timezone, now);
  }
}

/** What the date dropdown's button says: the preset, or the custom dates. */
export function rangeButtonLabel(range: RangeValue, startDate: number | null, endDate: number | null, timezone: string): string {
  if (range === 'CUSTOM_RANGE' && startDate !== null && endDate !== null) return `${formatDateTime(startDate, timezone)} – ${formatDateTime(endDate, timezone)}`;
  return rangeLabel(range);
}
