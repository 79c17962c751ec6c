import type { SessionResource } from '../../../shared/session.js';
import { matchesText } from './current-item.js';

export const RESOURCE_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'fetch', label: 'Fetch/XHR' },
  { value: 'js', label: 'JS' },
  { value: 'css', label: 'CSS' },
  { value: 'img', label: 'Img' },
  { value: 'media', label: 'Media' },
  { value: 'other', label: 'Other' },
] as const;
export type ResourceFilter = (typeof RESOURCE_FILTERS)[number]['value'];

const GROUP_OF_TYPE: Record<SessionResource['type'], Exclude<ResourceFilter, 'all'>> = {
  xhr: 'fetch',
  fetch: 'fetch',
  tracked_fetch: 'fetch',
  script: 'js',
  css: 'css',
  img: 'img',
  media: 'media',
  other: 'other',
};

export function resourceGroup(type: SessionResource['type']): Exclude<ResourceFilter, 'all'> {
  return GROUP_OF_TYPE[type] ?? 'other';
}

/** The text filter looks at what the table shows: URL, name, method and status. */
export function filterResources(resources: readonly SessionResource[], filter: ResourceFilter, query: string): SessionResource[] {
  return resources.filter(
    (resource) =>
      (filter === 'all' || resourceGroup(resource.type) === filter) &&
      matchesText(query, [resource.url, resource.name, resource.method, resource.status === null ? null : String(resource.status)]),
  );
}

/** The type column: the tracker's names, with tracked_fetch shown as the fetch it is. */
export function resourceTypeLabel(type: SessionResource['type']): string {
  return type === 'tracked_fetch' ? 'fetch' : type;
}
