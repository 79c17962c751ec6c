import type { SearchFilterItem, SessionSearchFilter } from '../../shared/search.js';
import { watchdogIdOfKey } from '../../shared/watchdogs.js';

/** The watchdog rules a search filter looks for (ISSUE values `watchdog_<id>`), distinct and ascending. */
export function watchdogsNamedBy(filter: SessionSearchFilter): number[] {
  const ids = new Set<number>();
  const visit = (items: readonly SearchFilterItem[] | undefined) => {
    for (const item of items ?? []) {
      if (item.type === 'ISSUE') for (const v of item.value ?? []) if (typeof v === 'string' && watchdogIdOfKey(v) !== null) ids.add(watchdogIdOfKey(v)!);
      visit(item.filters);
    }
  };
  visit(filter.filters);
  visit(filter.events);
  return [...ids].sort((a, b) => a - b);
}
