import { rangeBounds, type DateRangeValue } from '@cassette/plugin-sdk/ui';
import type { ChartPeriod } from './widget-chart.machine.js';

/** A date range as the dashboard keeps it: the preset (or custom) and its ends. */
export interface RangeChoice {
  value: DateRangeValue;
  startDate: number;
  endDate: number;
}

export function rangeChoice(value: DateRangeValue, timezone: string, now = Date.now()): RangeChoice {
  const bounds = rangeBounds(value, timezone, now);
  return { value, startDate: bounds.startDate, endDate: bounds.endDate };
}

export const periodOf = (choice: RangeChoice): ChartPeriod => ({ startTimestamp: choice.startDate, endTimestamp: choice.endDate });
