import { boundedJson } from '../event-rows.js';
import { issueAt, trackerEvent, type Heuristic } from './heuristic.js';

/**
 * Issues the site reports itself (the tracker's `issue(type, payload)`): stored as type
 * `custom`, the site's free-text type as the context and as `payload.name`.
 */
export const customIssue: Heuristic<Record<string, never>> = {
  type: 'custom',
  initial: () => ({}),
  observe(_state, item) {
    const issue = trackerEvent(item, 'issue');
    if (!issue || typeof issue.issueType !== 'string' || !issue.issueType.trim()) return [];
    const payload: Record<string, unknown> = { name: issue.issueType };
    if (issue.payload !== undefined) payload.payload = boundedJson(issue.payload);
    return [issueAt('custom', item, issue.issueType, payload)];
  },
};
