import type { WebhookMessage } from '../api.js';

// Slack's mrkdwn reads these three as markup: escaped as Slack documents, so a title cannot forge a link.
const escapeMrkdwn = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The JSON a Slack incoming webhook takes: `text` (also the notification's fallback) and `blocks`. */
export function slackBody(message: WebhookMessage): string {
  const title = escapeMrkdwn(message.title);
  const text = escapeMrkdwn(message.text);
  const blocks: unknown[] = [{ type: 'section', text: { type: 'mrkdwn', text: `*${title}*\n${text}` } }];
  if (message.link) blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: `<${message.link}|Open in Cassette>` }] });
  return JSON.stringify({ text: `${title}\n${text}`, blocks });
}

/** The JSON a generic webhook receives (README "Payload"). */
export function genericBody(webhookId: number, message: WebhookMessage, sentAt: Date): string {
  return JSON.stringify({
    event: message.event,
    webhookId,
    sentAt: sentAt.toISOString(),
    title: message.title,
    text: message.text,
    ...(message.link ? { link: message.link } : {}),
    ...(message.data ? { data: message.data } : {}),
  });
}
