// Test kit of the webhooks plugin: a local receiver other plugins' tests (alerts) can deliver to.
export { startWebhookReceiver } from './receiver.js';
export type { ReceivedRequest, ReceiverAnswer, WebhookReceiver } from './receiver.js';
