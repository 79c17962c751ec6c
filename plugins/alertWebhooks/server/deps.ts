import { createServiceRef } from '@cassette/plugin-sdk/server';
import type { WebhooksService } from '@cassette/plugin-webhooks/api';

/**
 * The webhooks service as this plugin's channels hold it. The channels are contributed in
 * `register`, before any service exists; the kernel creates this one (from the webhooks plugin's
 * service) before any job runs, and the channels send through what it gives them.
 */
export const alertWebhooksSenderRef = createServiceRef<WebhooksService>('alertWebhooks.sender');
