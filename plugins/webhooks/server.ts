import { coreServices, definePlugin } from '@cassette/plugin-sdk/server';
import { webhooksServiceRef } from './api.js';
import { deps } from './server/deps.js';
import { webhooksMigrations } from './server/migrations.js';
import { createSlackWebhookRoute, deleteSlackWebhookRoute, slackChannelsRoute, updateSlackWebhookRoute } from './server/routes/slack-webhooks.route.js';
import { addSlackRoute, slackAuthorizeRoute } from './server/routes/slack-oauth.route.js';
import { sendTestRoute } from './server/routes/webhook-test.route.js';
import { createWebhookRoute, deleteWebhookRoute, listWebhooksRoute, signingSecretRoute, updateWebhookRoute } from './server/routes/webhooks.route.js';
import { webhooksSettings } from './server/settings.js';
import { createWebhookDelivery } from './server/webhook-delivery.js';

/**
 * Webhooks of an organization: chat (Slack incoming) and generic ones, edited by admins, and
 * the delivery service other plugins send through (README.md).
 */
export default definePlugin({
  id: 'webhooks',
  deps,
  settings: webhooksSettings,
  register(r) {
    r.migrations(...webhooksMigrations);
    r.route(listWebhooksRoute);
    r.route(createWebhookRoute);
    r.route(updateWebhookRoute);
    r.route(deleteWebhookRoute);
    r.route(signingSecretRoute);
    r.route(sendTestRoute);
    r.route(slackChannelsRoute);
    r.route(createSlackWebhookRoute);
    r.route(updateSlackWebhookRoute);
    r.route(deleteSlackWebhookRoute);
    r.route(slackAuthorizeRoute);
    r.route(addSlackRoute);
    r.provide({
      ref: webhooksServiceRef,
      deps: { database: coreServices.database, secrets: coreServices.secrets, outboundHttp: coreServices.outboundHttp, logger: coreServices.logger },
      create: ({ database, secrets, outboundHttp, logger }) => createWebhookDelivery({ sql: database.sql, secrets, outboundHttp, logger: logger.child({ plugin: 'webhooks' }) }),
    });
  },
});
