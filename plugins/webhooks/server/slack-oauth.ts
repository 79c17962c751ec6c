// "Add to Slack": the authorize URL Slack's consent page opens with, and the exchange of the code
// Slack sends back for the incoming webhook of the channel the user picked (oauth.v2.access),
// through the kernel's safe outbound client.
import { badRequest, HttpError, OutboundHttpError, type OutboundHttpClient, type OutboundResponse } from '@cassette/plugin-sdk/server';
import type { SlackApp } from './slack-app.js';

/** The one scope asked: an incoming webhook for a channel the user picks on Slack's page. */
export const SLACK_SCOPE = 'incoming-webhook';

export function slackAuthorizeUrl(app: SlackApp, state: string): string {
  const params = new URLSearchParams({ client_id: app.clientId, scope: SLACK_SCOPE, redirect_uri: app.redirectUri, state });
  return `${app.slackUrl}/oauth/v2/authorize?${params.toString()}`;
}

export interface SlackChannelHook {
  /** As Slack names it, `#alerts`. */
  channel: string;
  url: string;
}

/** Slack's `error` codes that mean the user should go through "Add to Slack" again. */
const CODE_ERRORS = new Set(['invalid_code', 'code_already_used', 'code_expired', 'bad_redirect_uri', 'invalid_grant_type']);
/** Those that mean the operator's app credentials are wrong. */
const APP_ERRORS = new Set(['invalid_client_id', 'bad_client_secret', 'invalid_client', 'invalid_team_for_non_distributed_app', 'oauth_authorization_url_mismatch']);

const slackDown = (message: string) => new HttpError(502, message);

/** The channel and its webhook URL; a 400 (the code, the app) or 502 (Slack) saying what went wrong otherwise. */
export async function exchangeSlackCode(app: SlackApp, code: string, outboundHttp: OutboundHttpClient): Promise<SlackChannelHook> {
  let res: OutboundResponse;
  try {
    res = await outboundHttp.fetch(`${app.slackUrl}/api/oauth.v2.access`, {
      method: 'POST',
      // Slack prefers the app's credentials in a Basic header to the form.
      headers: {
        Authorization: `Basic ${Buffer.from(`${app.clientId}:${app.clientSecret}`).toString('base64')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
      },
      body: new URLSearchParams({ code, redirect_uri: app.redirectUri }).toString(),
      timeoutMs: 15_000,
      maxBytes: 1024 * 1024,
      maxRedirects: 0,
    });
  } catch (error) {
    if (error instanceof OutboundHttpError) throw slackDown(error.code === 'timeout' ? 'Slack did not answer in time: please try Add to Slack again.' : 'Cassette could not reach Slack: please try Add to Slack again.');
    throw error;
  }
  if (res.status === 429) throw slackDown('Slack asked to slow down: please try Add to Slack again in a minute.');
  if (res.status < 200 || res.status > 299) throw slackDown(`Slack answered with an error (HTTP ${res.status}): please try Add to Slack again.`);
  let answer: { ok?: unknown; error?: unknown; incoming_webhook?: { channel?: unknown; url?: unknown } };
  try {
    answer = JSON.parse(res.body.toString('utf8')) as typeof answer;
  } catch {
    throw slackDown('Slack answered something Cassette could not read: please try Add to Slack again.');
  }
  if (answer.ok !== true) {
    const error = typeof answer.error === 'string' ? answer.error.slice(0, 80) : 'unknown_error';
    if (CODE_ERRORS.has(error)) throw badRequest(`Slack did not accept the authorization (${error}): please use Add to Slack again.`);
    if (APP_ERRORS.has(error)) throw badRequest(`Slack refused this server's Slack app (${error}): the operator must check its client id and secret.`);
    throw badRequest(`Slack refused to add the channel (${error}).`);
  }
  const hook = answer.incoming_webhook;
  if (typeof hook?.url !== 'string' || typeof hook.channel !== 'string') throw badRequest('Slack gave no channel webhook: please use Add to Slack again and pick a channel.');
  return { channel: hook.channel, url: hook.url };
}

/** A webhook name from a channel name: Slack's `#` and `@` dropped, other characters the name may not hold made dashes. */
export function webhookNameOfChannel(channel: string): string {
  const name = channel
    .replace(/^[#@]/, '')
    .replace(/[^\p{L}\p{M}\p{N} _\-.'()]/gu, '-')
    .trim()
    .slice(0, 100);
  return name || 'Slack';
}
