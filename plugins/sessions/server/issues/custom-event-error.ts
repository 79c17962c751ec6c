import { boundedJson } from '../event-rows.js';
import { issueAt, trackerEvent, type Heuristic } from './heuristic.js';

/** A custom event name that reports a failure: "error" or "fail" as a word part (checkout_error, PaymentFailed). */
const FAILURE_NAME = /(error|fail)/i;

/**
 * custom_event_error (spec part 1 §3): a custom event (the tracker's `event(name, payload)`) that
 * reports a failure of the site's own, by its name (checkout_error, payment_failed) or by an
 * `error` field in its payload (`{ error: 'card declined' }`). The event's name is the context;
 * the payload is kept, bounded.
 */
export const customEventError: Heuristic<Record<string, never>> = {
  type: 'custom_event_error',
  initial: () => ({}),
  observe(_state, item) {
    const custom = trackerEvent(item, 'custom');
    if (!custom || typeof custom.name !== 'string' || !custom.name.trim()) return [];
    const payload = custom.payload;
    const flagged = typeof payload === 'object' && payload !== null && !Array.isArray(payload) && Boolean((payload as Record<string, unknown>).error);
    if (!flagged && !FAILURE_NAME.test(custom.name)) return [];
    const stored: Record<string, unknown> = { name: custom.name };
    if (payload !== undefined) stored.payload = boundedJson(payload);
    return [issueAt('custom_event_error', item, custom.name, stored)];
  },
};
