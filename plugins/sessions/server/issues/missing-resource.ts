import { issueAt, trackerEvent, type Heuristic } from './heuristic.js';

/** Every page resource (image, script, stylesheet, media) the browser failed to load; the context is its URL. */
export const missingResource: Heuristic<Record<string, never>> = {
  type: 'missing_resource',
  initial: () => ({}),
  observe(_state, item) {
    const resource = trackerEvent(item, 'resource');
    if (!resource || resource.failed !== true) return [];
    return [issueAt('missing_resource', item, resource.url, { url: resource.url, initiator: resource.initiator })];
  },
};
