import { definePlugin } from '@cassette/plugin-sdk/server';
import { alertsExtensionPoints } from '@cassette/plugin-alerts/api';
import { webhookAlertChannels } from './server/webhook-channels.js';

/**
 * Alerts in Slack and in generic webhooks: the alerts plugin's 'slack' and 'webhook' channels,
 * sent through the webhooks plugin (README.md). Neither of those two knows the other.
 */
export default definePlugin({
  id: 'alertWebhooks',
  register(r) {
    // Made per kernel: the channels reach the webhooks service the kernel hands `sender`.
    const { channels, sender } = webhookAlertChannels();
    r.provide(sender);
    for (const channel of channels) r.extend(alertsExtensionPoints.channels, channel);
  },
});
