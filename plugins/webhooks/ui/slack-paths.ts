// "Add to Slack" on the spec's paths (part 2 §7, part 1 §2).
export const SLACK_AUTHORIZE_PATH = '/integrations/slack/authorize';
export const SLACK_ADD_PATH = '/integrations/slack/add';
/** The app page Slack sends the browser back to. */
export const SLACK_RETURN_ROUTE = '/integrations/slack';
/** Where the user lands afterwards: Preferences › Webhooks. */
export const WEBHOOKS_SETTINGS_ROUTE = '/client/webhooks';
