import { describe, expect, it } from 'vitest';
import type { ConfigService } from '@cassette/plugin-sdk/server';
import { slackApp } from './slack-app.js';
import { webhookNameOfChannel } from './slack-oauth.js';

const configWith = (env: Record<string, string>): ConfigService => ({ publicUrl: 'https://cassette.example.test/', dataDir: '/tmp', embedded: true, env: (name) => env[name] });
const SETTINGS = { slackClientId: '', slackClientSecret: '', slackUrl: 'https://slack.com/' };

describe("the operator's Slack app", () => {
  it('is not there without both a client id and a secret, so Add to Slack is not offered', () => {
    expect(slackApp(SETTINGS, configWith({}))).toBeNull();
    expect(slackApp({ ...SETTINGS, slackClientId: '123.456' }, configWith({}))).toBeNull();
    expect(slackApp(SETTINGS, configWith({ SLACK_CLIENT_SECRET: 's' }))).toBeNull();
  });

  it('takes the environment over the config file, and returns users to /integrations/slack', () => {
    expect(slackApp({ ...SETTINGS, slackClientId: 'from-file', slackClientSecret: 'file-secret' }, configWith({ SLACK_CLIENT_SECRET: 'env-secret', SLACK_CLIENT_ID: 'from-env' }))).toEqual({
      clientId: 'from-env',
      clientSecret: 'env-secret',
      slackUrl: 'https://slack.com',
      redirectUri: 'https://cassette.example.test/integrations/slack',
    });
  });

  it("names the webhook after the channel, without Slack's # and with only the characters a name may hold", () => {
    expect(webhookNameOfChannel('#team-alerts')).toBe('team-alerts');
    expect(webhookNameOfChannel('@ada')).toBe('ada');
    expect(webhookNameOfChannel('#ops/oncall')).toBe('ops-oncall');
    expect(webhookNameOfChannel('#')).toBe('Slack');
  });
});
