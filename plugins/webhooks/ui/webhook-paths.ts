import type { Webhook, WebhookType } from '../shared/webhook.js';

// Chat webhooks live on the spec's /integrations/slack paths, generic ones on /webhooks (part 2 §7).
export const WEBHOOKS_PATH = '/webhooks';

export function createPath(type: WebhookType): string {
  return type === 'slack' ? '/integrations/slack' : WEBHOOKS_PATH;
}

export function itemPath(webhook: Pick<Webhook, 'type' | 'webhookId'>): string {
  return webhook.type === 'slack' ? `/integrations/slack/${webhook.webhookId}` : `${WEBHOOKS_PATH}/${webhook.webhookId}`;
}

export const testPath = (webhookId: number) => `${WEBHOOKS_PATH}/${webhookId}/test`;
export const signingSecretPath = (webhookId: number) => `${WEBHOOKS_PATH}/${webhookId}/signing_secret`;

export const TYPE_LABELS: Record<WebhookType, string> = { slack: 'Slack', webhook: 'Webhook' };
