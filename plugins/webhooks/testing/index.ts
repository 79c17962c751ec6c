// Test kit of the webhooks plugin: the plugin itself, a local receiver for other plugins' tests
// that deliver through it, and a local Slack for "Add to Slack".
export { default as webhooksPlugin } from '../server.js';
export { startWebhookReceiver } from './receiver.js';
export type { ReceivedRequest, ReceiverAnswer, WebhookReceiver } from './receiver.js';
export { startSlackStandIn } from './slack-stand-in.js';
export type { SlackExchange, SlackStandIn, SlackStandInOptions } from './slack-stand-in.js';
