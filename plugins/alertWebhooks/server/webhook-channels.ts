// The alert channels 'slack' and 'webhook': each recipient is a webhook id of the alert's
// organization, posted to through the webhooks plugin's service (safe outbound client, signature).
import type { ServiceFactory, ServiceRef } from '@cassette/plugin-sdk/server';
import type { AlertChannel, AlertDeliveryRefused, AlertNotice } from '@cassette/plugin-alerts/api';
import { webhooksServiceRef, type DeliveryFailure, type WebhookType, type WebhooksService } from '@cassette/plugin-webhooks/api';
import { alertMessage } from './alert-message.js';
import { alertWebhooksSenderRef } from './deps.js';

/** Outcomes another try cannot change: the webhook is gone or of the other type, its address is refused. */
const FINAL_FAILURES: ReadonlySet<DeliveryFailure> = new Set(['not_found', 'refused_address', 'invalid_url', 'too_many_redirects']);

const refusal = (message: string): AlertDeliveryRefused => Object.assign(new Error(message), { retry: false as const });

export interface WebhookAlertChannels {
  channels: AlertChannel[];
  /** Hands the channels the webhooks service once the kernel has made it (one per kernel). */
  sender: ServiceFactory<WebhooksService, { webhooks: ServiceRef<WebhooksService> }>;
}

/** The two channels of one kernel, and the factory through which they receive its webhooks service. */
export function webhookAlertChannels(): WebhookAlertChannels {
  let webhooks: WebhooksService | null = null;

  async function deliver(type: WebhookType, notice: AlertNotice, recipient: string): Promise<void> {
    if (!/^[1-9][0-9]{0,9}$/.test(recipient)) throw refusal(`"${recipient}" is not a webhook id`);
    // Jobs run once every plugin has started, so this is only a guard; the delivery is retried.
    if (!webhooks) throw new Error('The webhooks service is not ready yet');
    const outcome = await webhooks.deliver(notice.tenantId, Number(recipient), alertMessage(notice), { type });
    if (outcome.ok) return;
    if (FINAL_FAILURES.has(outcome.reason)) throw refusal(outcome.message);
    throw new Error(outcome.message);
  }

  return {
    channels: [
      { id: 'slack', messageType: 'slack', deliver: (notice, recipient) => deliver('slack', notice, recipient) },
      { id: 'webhook', messageType: 'webhook', deliver: (notice, recipient) => deliver('webhook', notice, recipient) },
    ],
    sender: {
      ref: alertWebhooksSenderRef,
      deps: { webhooks: webhooksServiceRef },
      create: ({ webhooks: service }) => (webhooks = service),
    },
  };
}
