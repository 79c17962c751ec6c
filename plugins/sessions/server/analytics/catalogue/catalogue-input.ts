import { badRequest } from '@cassette/plugin-sdk/server';
import type { AnalyticsRange } from '../../../shared/analytics.js';
import {
  CATALOGUE_DENSITY,
  CATALOGUE_SEARCHABLE_WIDGETS,
  CATALOGUE_WIDGETS,
  CATALOGUE_WIDGET_KEYS,
  RESOURCE_KINDS,
  type CatalogueSearchableWidget,
  type CatalogueWidgetKey,
  type ResourceKind,
} from '../../../shared/catalogue-analytics.js';
import { checkProjectId, checkQuery, checkRange, filterOverRange } from '../analytics-input.js';
import type { SessionSearchFilter } from '../../../shared/search.js';

/** A widget's question, checked: every later step reads these and nothing of the raw query. */
export interface WidgetInput {
  projectId: number;
  key: CatalogueWidgetKey;
  range: AnalyticsRange;
  /** The filter as given (dates replaced per period by the queries). */
  filter: SessionSearchFilter;
  bucketMs: number;
  buckets: number;
  value: string | null;
  resourceKind: ResourceKind | null;
}

/** Page paths and URLs are stored capped; a longer value matches nothing. */
const MAX_VALUE_LENGTH = 2000;

const show = (value: unknown): string => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
};

export function isOverview(key: CatalogueWidgetKey): boolean {
  return (CATALOGUE_WIDGETS.overview as readonly string[]).includes(key);
}

export function checkWidgetKey(key: unknown): CatalogueWidgetKey {
  if (!(CATALOGUE_WIDGET_KEYS as readonly unknown[]).includes(key)) throw badRequest(`key must be one of the catalogue widgets (${CATALOGUE_WIDGET_KEYS.join(', ')}); got ${show(key)}`);
  return key as CatalogueWidgetKey;
}

/**
 * Buckets of ceil(length / density) ms from range.startDate, so there are at most `density` of
 * them and the last one holds range.endDate.
 */
export function bucketsOf(range: AnalyticsRange, density: number): { bucketMs: number; buckets: number } {
  const bucketMs = Math.max(1, Math.ceil((range.endDate - range.startDate + 1) / density));
  return { bucketMs, buckets: Math.floor((range.endDate - range.startDate) / bucketMs) + 1 };
}

/** The same length just before the range; null when the range starts at the epoch. */
export function previousRange(range: AnalyticsRange): AnalyticsRange | null {
  if (range.startDate === 0) return null;
  return { startDate: Math.max(0, range.startDate - (range.endDate - range.startDate) - 1), endDate: range.startDate - 1 };
}

export function checkWidgetQuery(query: unknown): WidgetInput {
  const q = checkQuery(query);
  const projectId = checkProjectId(q.projectId);
  const key = checkWidgetKey(q.key);
  const range = checkRange(q.range);
  const density = q.density ?? (isOverview(key) ? CATALOGUE_DENSITY.overview : CATALOGUE_DENSITY.chart);
  if (typeof density !== 'number' || !Number.isInteger(density) || density < 1 || density > CATALOGUE_DENSITY.max) {
    throw badRequest(`density must be a whole number of buckets from 1 to ${CATALOGUE_DENSITY.max}; got ${show(density)}`);
  }
  const filter = q.filter === undefined || q.filter === null ? { filters: [] } : q.filter;
  // Checked for shape here; the compiler reads the rest.
  filterOverRange(filter, range);
  let value: string | null = null;
  if (q.value !== undefined && q.value !== null && q.value !== '') {
    if (!(key in CATALOGUE_SEARCHABLE_WIDGETS)) throw badRequest(`value narrows only ${Object.keys(CATALOGUE_SEARCHABLE_WIDGETS).join(', ')}; ${key} takes none`);
    if (typeof q.value !== 'string' || q.value.length > MAX_VALUE_LENGTH) throw badRequest(`value must be a page path or resource URL of at most ${MAX_VALUE_LENGTH} characters; got ${show(q.value)}`);
    value = q.value;
  }
  let resourceKind: ResourceKind | null = null;
  if (q.resourceKind !== undefined && q.resourceKind !== null) {
    if (key !== 'resources_loading_time') throw badRequest(`resourceKind narrows only resources_loading_time; ${key} takes none`);
    if (!(RESOURCE_KINDS as readonly unknown[]).includes(q.resourceKind)) throw badRequest(`resourceKind must be one of: ${RESOURCE_KINDS.join(', ')}; got ${show(q.resourceKind)}`);
    resourceKind = q.resourceKind as ResourceKind;
  }
  return { projectId, key, range, filter: filter as SessionSearchFilter, ...bucketsOf(range, density), value, resourceKind };
}

export const MAX_SEARCH_LIMIT = 100;

export function checkSearchQuery(query: unknown): { projectId: number; key: CatalogueSearchableWidget; text: string; range: AnalyticsRange; limit: number } {
  const q = checkQuery(query);
  const projectId = checkProjectId(q.projectId);
  if (!(typeof q.key === 'string' && q.key in CATALOGUE_SEARCHABLE_WIDGETS)) throw badRequest(`key must be a widget with a search (${Object.keys(CATALOGUE_SEARCHABLE_WIDGETS).join(', ')}); got ${show(q.key)}`);
  const range = checkRange(q.range);
  if (typeof q.text !== 'string' || q.text.length > 200) throw badRequest(`text must be a string of at most 200 characters; got ${show(q.text)}`);
  if (typeof q.limit !== 'number' || !Number.isInteger(q.limit) || q.limit < 1 || q.limit > MAX_SEARCH_LIMIT) throw badRequest(`limit must be a whole number from 1 to ${MAX_SEARCH_LIMIT}; got ${show(q.limit)}`);
  return { projectId, key: q.key as CatalogueSearchableWidget, text: q.text, range, limit: q.limit };
}
