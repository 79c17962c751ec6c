import { Type } from '@sinclair/typebox';
import { defineSettings } from '@cassette/plugin-sdk/server';

/**
 * `plugins.webhooks.settings` in config/cassette.json: the operator's Slack app, for "Add to
 * Slack" (README "Add to Slack"). Without a client id the button is not offered. The secret is
 * better given as SLACK_CLIENT_SECRET in the environment, which wins over the file (and so does
 * SLACK_CLIENT_ID).
 */
export const webhooksSettings = defineSettings(
  'webhooks',
  Type.Object({
    slackClientId: Type.String({ maxLength: 200, default: '', description: "the Slack app's client id (Basic Information › App Credentials)" }),
    slackClientSecret: Type.String({ maxLength: 200, default: '', description: "the Slack app's client secret; prefer SLACK_CLIENT_SECRET" }),
    slackUrl: Type.String({ pattern: '^https?://[^\\s/]+$', default: 'https://slack.com', description: "Slack's origin (its OAuth pages and Web API); a local stand-in in tests" }),
  }),
);
