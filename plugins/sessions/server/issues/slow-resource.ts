import { finiteNumber, issueAt, type Heuristic } from './heuristic.js';
import { SLOW_RESOURCE_MS } from './thresholds.js';

/**
 * Every page resource or fetch / XHR that took SLOW_RESOURCE_MS or longer; the context is its
 * URL. A failed resource is a missing resource, not a slow one.
 */
export const slowResource: Heuristic<Record<string, never>> = {
  type: 'slow_resource',
  initial: () => ({}),
  observe(_state, item) {
    if (item.source !== 'event') return [];
    const e = item.event;
    if (e.type !== 'resource' && e.type !== 'request') return [];
    if (e.type === 'resource' && e.failed === true) return [];
    const duration = finiteNumber(e.duration);
    if (duration === null || duration < SLOW_RESOURCE_MS) return [];
    const kind = e.type === 'resource' ? e.initiator : e.kind;
    return [issueAt('slow_resource', item, e.url, { url: e.url, duration: Math.round(duration), kind })];
  },
};
