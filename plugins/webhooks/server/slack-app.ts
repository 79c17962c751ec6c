// The operator's Slack app as "Add to Slack" uses it: from the plugin's settings, with the
// environment winning (a secret does not belong in a committed file).
import type { ConfigService } from '@cassette/plugin-sdk/server';
import type { webhooksSettings } from './settings.js';

export interface SlackApp {
  clientId: string;
  clientSecret: string;
  /** Slack's origin, without a trailing slash. */
  slackUrl: string;
  /** Where Slack sends the browser back: the app's `/integrations/slack` page. */
  redirectUri: string;
}

type Settings = (typeof webhooksSettings)['schema']['static'];

/** The app, or null when the operator has not configured one (then "Add to Slack" is not offered). */
export function slackApp(settings: Readonly<Settings>, config: ConfigService): SlackApp | null {
  const clientId = (config.env('SLACK_CLIENT_ID') || settings.slackClientId).trim();
  const clientSecret = (config.env('SLACK_CLIENT_SECRET') || settings.slackClientSecret).trim();
  if (!clientId || !clientSecret) return null;
  return { clientId, clientSecret, slackUrl: settings.slackUrl.replace(/\/+$/, ''), redirectUri: `${config.publicUrl.replace(/\/+$/, '')}/integrations/slack` };
}
