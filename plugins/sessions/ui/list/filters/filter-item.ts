import type { SearchFilterItem } from '../../../shared/search.js';
import { FILTER_KEYS, METADATA_FILTER, filterKeyDef, type FilterCategory, type FilterKeyDef } from '../../../shared/filter-catalogue.js';

/** A metadata field of the project (`GET /api/{projectId}/metadata`). */
export interface MetadataField {
  index: number;
  key: string;
  label?: string;
}

/** Operators that match without a value (spec: isAny, onAny, onAnything, hasAnyValue, hasNoValue, isUndefined). */
const NO_VALUE_OPERATORS: ReadonlySet<string> = new Set(['isAny', 'onAny', 'onAnything', 'hasAnyValue', 'hasNoValue', 'isUndefined']);

export function operatorNeedsValue(operator: string | undefined): boolean {
  return operator === undefined || !NO_VALUE_OPERATORS.has(operator);
}

/** The metadata key a METADATA item searches (`source` is the key, or a one-key list). */
export function metadataKeyOf(item: SearchFilterItem): string | undefined {
  const source = item.source;
  if (typeof source === 'string') return source;
  if (Array.isArray(source) && typeof source[0] === 'string') return source[0];
  return undefined;
}

/** The catalogue entry of an item; an item typed with a metadata key reads as METADATA. */
export function defOf(item: Pick<SearchFilterItem, 'type'>, metadata: readonly MetadataField[] = []): FilterKeyDef | undefined {
  return filterKeyDef(item.type) ?? (metadata.some((m) => m.key === item.type) ? METADATA_FILTER : undefined);
}

/**
 * Two attribute filters with the same identity are one filter: adding the second one is
 * refused (spec part 1 §4). Metadata filters are told apart by their key.
 */
export function itemIdentity(item: SearchFilterItem): string {
  if (item.type === 'METADATA') return `METADATA:${metadataKeyOf(item) ?? ''}`;
  return item.type;
}

export function metadataLabel(field: MetadataField): string {
  return field.label?.trim() || field.key;
}

/** What the filter row is called: the catalogue label, or the metadata field's label. */
export function itemLabel(item: SearchFilterItem, metadata: readonly MetadataField[] = []): string {
  if (item.type === 'METADATA') {
    const key = metadataKeyOf(item) ?? '';
    const field = metadata.find((m) => m.key === key);
    return field ? metadataLabel(field) : item.label || key || METADATA_FILTER.label;
  }
  const def = filterKeyDef(item.type);
  if (def) return def.label;
  const field = metadata.find((m) => m.key === item.type);
  return field ? metadataLabel(field) : item.label || item.type;
}

/** A new, empty item of a key with the key's default operator (and threshold operator). */
export function newItem(def: FilterKeyDef, metadataKey?: string): SearchFilterItem {
  const item: SearchFilterItem = { type: def.key, operator: def.defaultOperator, value: def.valueKind === 'durationRange' ? [null, null] : [], isEvent: def.isEvent };
  if (def.source) {
    item.source = [];
    item.sourceOperator = def.source.defaultOperator;
  }
  if (def.subFilters) item.filters = [];
  if (metadataKey !== undefined) item.source = [metadataKey];
  return item;
}

/** One choice of the filter picker. */
export interface PickerEntry {
  id: string;
  label: string;
  category: FilterCategory;
  isEvent: boolean;
  create(): SearchFilterItem;
}

/**
 * The picker's choices: the catalogue's keys of one kind, plus the project's metadata fields for
 * attributes. Keys on Developer Tools data (network, GraphQL, state actions, CPU and memory) only
 * for a viewer holding DEV_TOOLS: the server would refuse them to anyone else.
 */
export function pickerEntries(kind: 'events' | 'attributes', metadata: readonly MetadataField[], canUseDevTools: boolean): PickerEntry[] {
  const wanted = kind === 'events';
  const keys: PickerEntry[] = FILTER_KEYS.filter((def) => def.isEvent === wanted && (canUseDevTools || !def.needsDevTools)).map((def) => ({ id: def.key, label: def.label, category: def.category, isEvent: def.isEvent, create: () => newItem(def) }));
  if (wanted) return keys;
  const fields: PickerEntry[] = metadata.map((field) => ({
    id: `METADATA:${field.key}`,
    label: metadataLabel(field),
    category: 'Metadata',
    isEvent: false,
    create: () => newItem(METADATA_FILTER, field.key),
  }));
  return [...keys, ...fields];
}
