import { issueAt, trackerEvent, type Heuristic } from './heuristic.js';

/**
 * The request browsers make for `/favicon.ico` by themselves, which earlier tracker builds (still
 * installed on sites) sent as a resource with initiator "other". It is not the page's: a site
 * without a favicon would get a "Missing Images" issue on every session. The tracker now drops
 * the probe itself, and sends a favicon the page declares with `<link rel="icon">` with
 * initiator "icon", which still counts.
 */
export function isFaviconProbe(url: string, initiator: unknown): boolean {
  if (initiator !== 'other') return false;
  try {
    return new URL(url).pathname === '/favicon.ico';
  } catch {
    return false;
  }
}

/** Every page resource (image, script, stylesheet, media) the browser failed to load; the context is its URL. */
export const missingResource: Heuristic<Record<string, never>> = {
  type: 'missing_resource',
  initial: () => ({}),
  observe(_state, item) {
    const resource = trackerEvent(item, 'resource');
    if (!resource || resource.failed !== true || isFaviconProbe(resource.url, resource.initiator)) return [];
    return [issueAt('missing_resource', item, resource.url, { url: resource.url, initiator: resource.initiator })];
  },
};
