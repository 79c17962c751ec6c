import type { SearchFilterItem } from '../../../shared/search.js';

const MAX_ITEMS = 50;
const MAX_SUB_FILTERS = 20;

/**
 * Filter items from outside (the URL, a saved search): anything that is not an item is left
 * out, and only the fields of an item are kept, so a hand-edited URL cannot break the bar.
 */
export function readItems(value: unknown, max = MAX_ITEMS): SearchFilterItem[] {
  if (!Array.isArray(value)) return [];
  const items: SearchFilterItem[] = [];
  for (const raw of value) {
    const item = readItem(raw);
    if (item) items.push(item);
    if (items.length >= max) break;
  }
  return items;
}

function readItem(raw: unknown): SearchFilterItem | null {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const r = raw as Record<string, unknown>;
  if (typeof r.type !== 'string' || r.type === '') return null;
  if (r.operator !== undefined && typeof r.operator !== 'string') return null;
  if (r.value !== undefined && !Array.isArray(r.value)) return null;
  const item: SearchFilterItem = { type: r.type };
  if (typeof r.operator === 'string') item.operator = r.operator;
  if (Array.isArray(r.value)) item.value = r.value.filter((v) => v === null || typeof v === 'string' || typeof v === 'number');
  if (r.source !== undefined && r.source !== null) item.source = r.source;
  if (typeof r.sourceOperator === 'string') item.sourceOperator = r.sourceOperator;
  if (Array.isArray(r.filters)) item.filters = readItems(r.filters, MAX_SUB_FILTERS);
  if (typeof r.isEvent === 'boolean') item.isEvent = r.isEvent;
  if (typeof r.label === 'string') item.label = r.label;
  return item;
}
