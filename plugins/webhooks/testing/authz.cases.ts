import { AUTHZ, defineAuthzRows, type AuthzWorld } from '@cassette/plugin-sdk/testing';

// A loopback address: a test message is refused at once, with a readable outcome, still a 200 (and no network wait).
const ENDPOINT = 'http://127.0.0.1:9/hook';

/** A webhook of tenant A, made by its admin (a fresh one per call: some rows delete it). */
async function webhookOf(w: AuthzWorld, type: 'webhook' | 'slack'): Promise<number> {
  const res =
    type === 'webhook'
      ? await w.t.request('POST', '/api/webhooks', { token: w.adminToken, body: { name: `Hook ${w.unique()}`, endpoint: ENDPOINT, authHeader: 'Bearer authz' } })
      : await w.t.request('POST', '/api/integrations/slack', { token: w.adminToken, body: { name: `Channel ${w.unique()}`, url: ENDPOINT } });
  return res.body.data.webhookId as number;
}

/** One webhook of each type for the rows that leave it in place (an organization keeps at most 50). */
const sharedWebhookOf = (w: AuthzWorld, type: 'webhook' | 'slack') => w.once(`webhooks.${type}`, () => webhookOf(w, type));

/** Everyone reads the organization's webhooks; only admins change, test or reveal them; another tenant does not find them. */
export const authzRows = defineAuthzRows({
  'GET /api/webhooks': { statuses: AUTHZ.USER, fixture: () => ({ url: '/api/webhooks' }) },
  'POST /api/webhooks': { statuses: AUTHZ.ADMIN_TENANT, fixture: (w) => ({ url: '/api/webhooks', body: { name: `Hook ${w.unique()}`, endpoint: ENDPOINT } }) },
  'PUT /api/webhooks/:webhookId': { statuses: AUTHZ.ADMIN_OWNED, fixture: async (w) => ({ url: `/api/webhooks/${await sharedWebhookOf(w, 'webhook')}`, body: { name: 'Renamed', endpoint: ENDPOINT } }) },
  'DELETE /api/webhooks/:webhookId': { statuses: AUTHZ.ADMIN_OWNED, fixture: async (w) => ({ url: `/api/webhooks/${await webhookOf(w, 'webhook')}` }) },
  'GET /api/webhooks/:webhookId/signing_secret': { statuses: AUTHZ.ADMIN_OWNED, fixture: async (w) => ({ url: `/api/webhooks/${await sharedWebhookOf(w, 'webhook')}/signing_secret` }) },
  'POST /api/webhooks/:webhookId/test': { statuses: AUTHZ.ADMIN_OWNED, fixture: async (w) => ({ url: `/api/webhooks/${await sharedWebhookOf(w, 'slack')}/test` }) },
  'GET /api/integrations/slack/channels': { statuses: AUTHZ.USER, fixture: () => ({ url: '/api/integrations/slack/channels' }) },
  'POST /api/integrations/slack': { statuses: AUTHZ.ADMIN_TENANT, fixture: (w) => ({ url: '/api/integrations/slack', body: { name: `Channel ${w.unique()}`, url: ENDPOINT } }) },
  'PUT /api/integrations/slack/:webhookId': { statuses: AUTHZ.ADMIN_OWNED, fixture: async (w) => ({ url: `/api/integrations/slack/${await sharedWebhookOf(w, 'slack')}`, body: { name: 'Renamed', url: ENDPOINT } }) },
  // Without a Slack app in the config (as here) the authorize route answers `{ url: null }`; a state this server did not issue is a 400 for admins.
  'GET /api/integrations/slack/authorize': { statuses: AUTHZ.ADMIN_TENANT, fixture: () => ({ url: '/api/integrations/slack/authorize' }) },
  'POST /api/integrations/slack/add': { statuses: [401, 403, 403, 400, 400], fixture: () => ({ url: '/api/integrations/slack/add', body: { code: 'slack-code', state: 'bm90LWlzc3VlZA' } }) },
  'DELETE /api/integrations/slack/:webhookId': { statuses: AUTHZ.ADMIN_OWNED, fixture: async (w) => ({ url: `/api/integrations/slack/${await webhookOf(w, 'slack')}` }) },
});
