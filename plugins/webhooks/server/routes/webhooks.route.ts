// Generic webhooks and the list of every webhook of the organization. The spec leaves these paths open (part 2 §7).
import { Type } from '@sinclair/typebox';
import { badRequest, notFound, type Caller } from '@cassette/plugin-sdk/server';
import { TOO_MANY_WEBHOOKS, WEBHOOK_NOT_FOUND, type CreatedWebhook, type Webhook } from '../../shared/webhook.js';
import { route } from '../deps.js';
import { newSigningSecret } from '../signature.js';
import { GENERIC_WEBHOOK_BODY, GENERIC_WEBHOOK_UPDATE_BODY, readWebhookInput, WEBHOOK_ID_PARAMS } from '../webhook-input.js';
import { deleteWebhook, findWebhook, insertWebhook, listWebhooks, updateWebhook } from '../webhook-store.js';
import { webhookView } from '../webhook-view.js';

const isAdmin = (caller: Caller) => caller.admin || caller.superAdmin;

// Every member reads the list (the alert form picks webhooks from it); only admins see endpoints.
export const listWebhooksRoute = route({
  method: 'GET',
  url: '/webhooks',
  access: { auth: 'user' },
  summary: "The organization's webhooks, chat and generic, oldest first",
  schema: {},
  handler: async ({ deps, caller }): Promise<Webhook[]> => {
    const rows = await listWebhooks(deps.database.sql, caller.tenantId);
    return rows.map((row) => webhookView(row, deps.secrets, isAdmin(caller)));
  },
});

export const createWebhookRoute = route({
  method: 'POST',
  url: '/webhooks',
  access: { auth: 'admin' },
  summary: 'Add a generic webhook; the answer holds its signing secret',
  schema: { body: GENERIC_WEBHOOK_BODY },
  handler: async ({ deps, caller, body }): Promise<CreatedWebhook> => {
    const input = readWebhookInput(body);
    const signingSecret = newSigningSecret();
    const row = await insertWebhook(deps.database.sql, {
      tenantId: caller.tenantId,
      type: 'webhook',
      name: input.name,
      endpointSealed: deps.secrets.encrypt(input.endpoint),
      authHeaderSealed: input.authHeader ? deps.secrets.encrypt(input.authHeader) : null,
      signingSecretSealed: deps.secrets.encrypt(signingSecret),
    });
    if (!row) throw badRequest(TOO_MANY_WEBHOOKS);
    return { ...webhookView(row, deps.secrets, true), signingSecret };
  },
});

export const updateWebhookRoute = route({
  method: 'PUT',
  url: '/webhooks/:webhookId',
  access: { auth: 'admin' },
  summary: 'Change a generic webhook; without authHeader the stored one stays',
  schema: { params: WEBHOOK_ID_PARAMS, body: GENERIC_WEBHOOK_UPDATE_BODY },
  handler: async ({ deps, caller, params, body }): Promise<Webhook> => {
    const input = readWebhookInput(body);
    const authHeaderSealed = input.authHeader ? deps.secrets.encrypt(input.authHeader) : body.removeAuthHeader ? null : undefined;
    const row = await updateWebhook(deps.database.sql, caller.tenantId, params.webhookId, 'webhook', { name: input.name, endpointSealed: deps.secrets.encrypt(input.endpoint), authHeaderSealed });
    if (!row) throw notFound(WEBHOOK_NOT_FOUND);
    return webhookView(row, deps.secrets, true);
  },
});

export const deleteWebhookRoute = route({
  method: 'DELETE',
  url: '/webhooks/:webhookId',
  access: { auth: 'admin' },
  summary: 'Delete a generic webhook',
  schema: { params: WEBHOOK_ID_PARAMS },
  handler: async ({ deps, caller, params }) => {
    if (!(await deleteWebhook(deps.database.sql, caller.tenantId, params.webhookId, 'webhook'))) throw notFound(WEBHOOK_NOT_FOUND);
    return { deleted: true };
  },
});

// On demand for admins, so a receiver can be set up (again) after the creation answer is gone.
export const signingSecretRoute = route({
  method: 'GET',
  url: '/webhooks/:webhookId/signing_secret',
  access: { auth: 'admin' },
  summary: "A generic webhook's signing secret, to verify X-Cassette-Signature",
  schema: { params: WEBHOOK_ID_PARAMS, response: Type.Object({ signingSecret: Type.String() }) },
  handler: async ({ deps, caller, params }) => {
    const row = await findWebhook(deps.database.sql, caller.tenantId, params.webhookId);
    if (!row?.signing_secret_sealed) throw notFound(WEBHOOK_NOT_FOUND);
    return { signingSecret: deps.secrets.decrypt(row.signing_secret_sealed) };
  },
});
