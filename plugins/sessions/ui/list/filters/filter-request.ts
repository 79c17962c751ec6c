import type { SearchFilterItem } from '../../../shared/search.js';
import { filterKeyDef } from '../../../shared/filter-catalogue.js';
import { operatorNeedsValue } from './filter-item.js';

/**
 * What of the filter bar goes to the server (spec part 1 §5): rows still missing their value
 * are left out, so a half-built filter never narrows the list. Rows with an operator that
 * needs no value stay; a duration keeps 0 as a lower bound; a performance row needs its
 * threshold. Values are trimmed and blanks dropped.
 */
export function requestItems(items: readonly SearchFilterItem[]): SearchFilterItem[] {
  return items.map(requestItem).filter((item): item is SearchFilterItem => item !== null);
}

function requestItem(item: SearchFilterItem): SearchFilterItem | null {
  const def = filterKeyDef(item.type);
  const out: SearchFilterItem = { type: item.type };
  if (item.operator !== undefined) out.operator = item.operator;
  if (item.isEvent !== undefined) out.isEvent = item.isEvent;

  if (def?.valueKind === 'durationRange') {
    const [min, max] = [bound(item.value?.[0]), bound(item.value?.[1])];
    if (min === null && max === null) return null;
    out.value = [min, max];
    return out;
  }

  if (def?.source) {
    const threshold = numbers(item.source);
    if (threshold.length === 0) return null;
    out.source = threshold.slice(0, 1);
    if (item.sourceOperator !== undefined) out.sourceOperator = item.sourceOperator;
  } else if (item.source !== undefined) {
    // METADATA: the key it searches.
    out.source = item.source;
  }

  if (def?.subFilters) out.filters = requestItems(item.filters ?? []);

  if (def?.valueKind === 'none' || !operatorNeedsValue(item.operator)) {
    out.value = [];
    return out;
  }
  const values = def?.valueKind === 'number' ? numbers(item.value) : texts(item.value);
  if (values.length === 0) return null;
  out.value = values;
  return out;
}

function bound(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;
}

function numbers(value: unknown): number[] {
  const list = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return list.map((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v)).filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
}

function texts(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.map((v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '')).filter((v) => v !== '');
}
