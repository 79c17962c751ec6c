// "Send test": one message through the same delivery alerts use, so what the admin sees is what alerts will get.
import { notFound } from '@cassette/plugin-sdk/server';
import { WEBHOOK_NOT_FOUND, type DeliveryOutcome } from '../../shared/webhook.js';
import { route } from '../deps.js';
import { WEBHOOK_ID_PARAMS } from '../webhook-input.js';

export const TEST_MESSAGE_TITLE = 'Test message from Cassette';

// The receiver's answer (or the refusal) is the data of a 200: the call worked, the delivery may not have.
export const sendTestRoute = route({
  method: 'POST',
  url: '/webhooks/:webhookId/test',
  access: { auth: 'admin' },
  summary: 'Send a test message to a webhook (chat or generic); answers how the delivery went',
  schema: { params: WEBHOOK_ID_PARAMS },
  handler: async ({ deps, caller, params }): Promise<DeliveryOutcome> => {
    const outcome = await deps.webhooks.deliver(caller.tenantId, params.webhookId, {
      event: 'webhooks.test',
      title: TEST_MESSAGE_TITLE,
      text: `${caller.name} sent this from Preferences › Webhooks to check that the webhook works.`,
    });
    if (!outcome.ok && outcome.reason === 'not_found') throw notFound(WEBHOOK_NOT_FOUND);
    return outcome;
  },
});
