// Public surface of the alert-webhooks plugin: what a generic receiver gets for an alert (types only).
import type { AlertNotice } from '@cassette/plugin-alerts/api';

/** The `event` of an alert's webhook message: a condition started holding (or still holds), or stopped. */
export type AlertWebhookEvent = 'alert.triggered' | 'alert.recovered';

/**
 * The `data` of a generic webhook's JSON for an alert: the notice's fields as the alerts plugin
 * hands them to every channel, less the organization's id and the in-app path (`link` is the
 * alert's absolute address).
 */
export type AlertWebhookData = Omit<AlertNotice, 'tenantId' | 'path'>;
