// Public surface of the webhooks plugin: types and the delivery service ref, safe for any plugin and the browser.
import { createServiceRef } from '@cassette/plugin-sdk';
import type { DeliveryOutcome, WebhookType } from './shared/webhook.js';

export type { CreatedWebhook, DeliveryFailure, DeliveryOutcome, Webhook, WebhookType } from './shared/webhook.js';

/**
 * A message to deliver. A chat webhook shows `title` (bold), `text` and the link; a generic
 * webhook receives all of it as JSON (README "Payload").
 */
export interface WebhookMessage {
  /** What happened, `<plugin>.<what>`: `alert.triggered`, `webhooks.test`. */
  event: string;
  title: string;
  text: string;
  /** An absolute http(s) URL into the app. */
  link?: string;
  /** Extra fields for generic receivers (a chat webhook leaves them out). */
  data?: Record<string, unknown>;
}

export interface WebhooksService {
  /**
   * Posts `message` to the tenant's webhook through the safe outbound client. Never throws for
   * the receiver's sake: an unknown webhook, a refused address, a timeout or a non-2xx answer
   * come back as an outcome with a readable message. With `type`, a webhook of the other type is
   * not posted to (`not_found`): an alert's Slack recipient never reaches a generic receiver.
   */
  deliver(tenantId: number, webhookId: number, message: WebhookMessage, options?: { type?: WebhookType }): Promise<DeliveryOutcome>;
}

export const webhooksServiceRef = createServiceRef<WebhooksService>('webhooks.service');
