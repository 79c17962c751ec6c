import { issueAt, trackerEvent, type Heuristic } from './heuristic.js';
import { BAD_REQUEST_MIN_STATUS } from './thresholds.js';

/** Every fetch / XHR answered with status BAD_REQUEST_MIN_STATUS (400) or more; the context is "METHOD URL STATUS". */
export const badRequest: Heuristic<Record<string, never>> = {
  type: 'bad_request',
  initial: () => ({}),
  observe(_state, item) {
    const request = trackerEvent(item, 'request');
    if (!request || typeof request.status !== 'number' || request.status < BAD_REQUEST_MIN_STATUS) return [];
    const method = String(request.method ?? 'GET').toUpperCase();
    return [issueAt('bad_request', item, `${method} ${request.url} ${request.status}`, { method, url: request.url, status: request.status, kind: request.kind })];
  },
};
