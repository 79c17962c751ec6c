import { RANGE_VALUES, type RangeValue } from '../../shared/filter-catalogue.js';

/**
 * The ranges the session list's picker offers: every named range of both spec parts, which the search
 * schema accepts, in the picker's order. Each is one of the kit's `DateRangeValue`s.
 */
export const SESSION_RANGES: readonly RangeValue[] = RANGE_VALUES.map((r) => r.value);

export function isSessionRange(value: unknown): value is RangeValue {
  return (SESSION_RANGES as readonly unknown[]).includes(value);
}
