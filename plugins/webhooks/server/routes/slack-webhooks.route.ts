// Chat (Slack incoming) webhooks on the spec's paths (part 2 §7): name, and the endpoint as `url`.
import { badRequest, notFound } from '@cassette/plugin-sdk/server';
import { TOO_MANY_WEBHOOKS, WEBHOOK_NOT_FOUND, type Webhook } from '../../shared/webhook.js';
import { route } from '../deps.js';
import { readWebhookInput, SLACK_WEBHOOK_BODY, WEBHOOK_ID_PARAMS } from '../webhook-input.js';
import { deleteWebhook, insertWebhook, listWebhooks, updateWebhook } from '../webhook-store.js';
import { webhookView } from '../webhook-view.js';

export const slackChannelsRoute = route({
  method: 'GET',
  url: '/integrations/slack/channels',
  access: { auth: 'user' },
  summary: "The organization's chat webhooks (the alert form's Slack channels)",
  schema: {},
  handler: async ({ deps, caller }): Promise<Webhook[]> => {
    const rows = await listWebhooks(deps.database.sql, caller.tenantId, 'slack');
    return rows.map((row) => webhookView(row, deps.secrets, caller.admin || caller.superAdmin));
  },
});

export const createSlackWebhookRoute = route({
  method: 'POST',
  url: '/integrations/slack',
  access: { auth: 'admin' },
  summary: 'Add a chat webhook',
  schema: { body: SLACK_WEBHOOK_BODY },
  handler: async ({ deps, caller, body }): Promise<Webhook> => {
    const input = readWebhookInput({ name: body.name, endpoint: body.url });
    const row = await insertWebhook(deps.database.sql, { tenantId: caller.tenantId, type: 'slack', name: input.name, endpointSealed: deps.secrets.encrypt(input.endpoint), authHeaderSealed: null, signingSecretSealed: null });
    if (!row) throw badRequest(TOO_MANY_WEBHOOKS);
    return webhookView(row, deps.secrets, true);
  },
});

export const updateSlackWebhookRoute = route({
  method: 'PUT',
  url: '/integrations/slack/:webhookId',
  access: { auth: 'admin' },
  summary: 'Change a chat webhook',
  schema: { params: WEBHOOK_ID_PARAMS, body: SLACK_WEBHOOK_BODY },
  handler: async ({ deps, caller, params, body }): Promise<Webhook> => {
    const input = readWebhookInput({ name: body.name, endpoint: body.url });
    const row = await updateWebhook(deps.database.sql, caller.tenantId, params.webhookId, 'slack', { name: input.name, endpointSealed: deps.secrets.encrypt(input.endpoint) });
    if (!row) throw notFound(WEBHOOK_NOT_FOUND);
    return webhookView(row, deps.secrets, true);
  },
});

export const deleteSlackWebhookRoute = route({
  method: 'DELETE',
  url: '/integrations/slack/:webhookId',
  access: { auth: 'admin' },
  summary: 'Delete a chat webhook',
  schema: { params: WEBHOOK_ID_PARAMS },
  handler: async ({ deps, caller, params }) => {
    if (!(await deleteWebhook(deps.database.sql, caller.tenantId, params.webhookId, 'slack'))) throw notFound(WEBHOOK_NOT_FOUND);
    return { deleted: true };
  },
});
