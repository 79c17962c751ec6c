// Test kit of the webhooks plugin: the plugin itself and a local receiver, for other plugins' tests that deliver through it.
export { default as webhooksPlugin } from '../server.js';
export { startWebhookReceiver } from './receiver.js';
export type { ReceivedRequest, ReceiverAnswer, WebhookReceiver } from './receiver.js';
