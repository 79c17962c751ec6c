import { text } from '../event-rows.js';
import { issueAt, trackerEvent, type Heuristic } from './heuristic.js';

/** Messages can be huge (a serialized object); the errors plugin keeps them whole, an issue needs the gist. */
export const ERROR_TEXT_MAX = 2_000;

/** Errors nobody caught; the site's own `handleError()` reports are not issues. */
export function isUncaught(source: unknown): boolean {
  return source === 'js_exception' || source === 'unhandled_rejection';
}

/** Every uncaught error (window.onerror or an unhandled rejection); the context is "Name: message". */
export const jsException: Heuristic<Record<string, never>> = {
  type: 'js_exception',
  initial: () => ({}),
  observe(_state, item) {
    const error = trackerEvent(item, 'error');
    if (!error || !isUncaught(error.source)) return [];
    const name = text(error.name, ERROR_TEXT_MAX) ?? '';
    const message = text(error.message, ERROR_TEXT_MAX) ?? '';
    return [issueAt('js_exception', item, `${name}: ${message}`, { name, message, source: error.source })];
  },
};
