// "Add to Slack" (spec part 2 §7 `POST integrations/slack/add`, part 1 §2 `/integrations/slack`):
// an admin gets Slack's authorize URL with a state only this server can issue; the return page
// posts Slack's code and that state here, and the channel becomes a chat webhook.
import { Type } from '@sinclair/typebox';
import { badRequest, serviceUnavailable } from '@cassette/plugin-sdk/server';
import { endpointProblems, TOO_MANY_WEBHOOKS, type Webhook } from '../../shared/webhook.js';
import { route } from '../deps.js';
import { slackApp } from '../slack-app.js';
import { exchangeSlackCode, slackAuthorizeUrl, webhookNameOfChannel } from '../slack-oauth.js';
import { issueSlackState, readSlackState } from '../slack-oauth-state.js';
import { insertWebhook } from '../webhook-store.js';
import { webhookView } from '../webhook-view.js';

export const STATE_REFUSED = 'This Add to Slack link is not valid or has expired: please use Add to Slack again.';
export const SLACK_NOT_CONFIGURED = 'Add to Slack is not set up on this server: add a Slack webhook by its URL instead.';

export const slackAuthorizeRoute = route({
  method: 'GET',
  url: '/integrations/slack/authorize',
  access: { auth: 'admin' },
  summary: "Slack's authorize URL for Add to Slack (null when the operator has no Slack app)",
  schema: {},
  handler: async ({ deps, caller }): Promise<{ url: string | null }> => {
    const app = slackApp(deps.settings, deps.config);
    if (!app) return { url: null };
    return { url: slackAuthorizeUrl(app, issueSlackState(deps.secrets, caller, Date.now())) };
  },
});

const ADD_BODY = Type.Object(
  {
    code: Type.String({ minLength: 1, maxLength: 512, pattern: '^[\\x21-\\x7e]+$' }),
    state: Type.String({ minLength: 1, maxLength: 2048, pattern: '^[A-Za-z0-9_-]+$' }),
  },
  { additionalProperties: false },
);

export const addSlackRoute = route({
  method: 'POST',
  url: '/integrations/slack/add',
  access: { auth: 'admin' },
  summary: "Add the Slack channel picked on Slack's page as a chat webhook",
  schema: { body: ADD_BODY },
  handler: async ({ deps, caller, body }): Promise<Webhook> => {
    // The state first: a forged or stale one never reaches Slack.
    if (!readSlackState(deps.secrets, body.state, caller, Date.now()).ok) throw badRequest(STATE_REFUSED);
    const app = slackApp(deps.settings, deps.config);
    if (!app) throw serviceUnavailable(SLACK_NOT_CONFIGURED, 3600);
    const hook = await exchangeSlackCode(app, body.code, deps.outboundHttp);
    if (endpointProblems(hook.url).length > 0) throw badRequest('Slack gave a webhook URL Cassette cannot use: please use Add to Slack again.');
    const row = await insertWebhook(deps.database.sql, {
      tenantId: caller.tenantId,
      type: 'slack',
      name: webhookNameOfChannel(hook.channel),
      endpointSealed: deps.secrets.encrypt(hook.url),
      authHeaderSealed: null,
      signingSecretSealed: null,
    });
    if (!row) throw badRequest(TOO_MANY_WEBHOOKS);
    return webhookView(row, deps.secrets, true);
  },
});
