import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreServices, sql, type DepsMap, type ServerPlugin } from '@cassette/plugin-sdk/server';
import { createTestKernel, type TestKernel } from '@cassette/plugin-sdk/testing';
import webhooksPlugin from '../../server.js';
import { startSlackStandIn, type SlackStandIn } from '../../testing/index.js';
import { issueSlackState, SLACK_STATE_TTL_MS } from '../slack-oauth-state.js';
import { STATE_REFUSED } from './slack-oauth.route.js';

const CLIENT_ID = '1234567890.0987654321';
const CLIENT_SECRET = 'slack-client-secret';
const PUBLIC_URL = 'https://cassette.example.test';
const HOOK = 'https://hooks.slack.com/services/T9TK3CUKW/B05002EAE/xyzXYZ123';

/** "Add to Slack" against a local Slack: the authorize URL, the state, the code exchange. */
describe('Add to Slack', () => {
  let t: TestKernel;
  let slack: SlackStandIn;
  let tenant: Awaited<ReturnType<TestKernel['createTenant']>>;

  beforeAll(async () => {
    slack = await startSlackStandIn({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      codes: { 'code-alerts': { channel: '#team-alerts', url: HOOK }, 'code-second': { channel: '#ops', url: `${HOOK}2` }, 'code-other': { channel: '#other', url: `${HOOK}3` } },
    });
    t = await createTestKernel({
      plugins: [webhooksPlugin as ServerPlugin<DepsMap>],
      env: { CASSETTE_OUTBOUND_ALLOW_HOSTS: slack.hostPort, SLACK_CLIENT_SECRET: CLIENT_SECRET, PUBLIC_URL },
      config: { publicUrl: PUBLIC_URL, plugins: [{ id: 'webhooks', settings: { slackClientId: CLIENT_ID, slackUrl: slack.url } }] },
    });
    tenant = await t.createTenant();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await slack?.close();
  });

  const token = () => tenant.owner.token;
  async function authorizeUrl(as = token()): Promise<URL> {
    const res = await t.request('GET', '/api/integrations/slack/authorize', { token: as });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return new URL(res.body.data.url as string);
  }

  it("gives Slack's authorize URL with the app's client id, the incoming-webhook scope, the return page and a state", async () => {
    const url = await authorizeUrl();
    expect(`${url.origin}${url.pathname}`).toBe(`${slack.url}/oauth/v2/authorize`);
    expect(url.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(url.searchParams.get('scope')).toBe('incoming-webhook');
    expect(url.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/integrations/slack`);
    expect(url.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect((await authorizeUrl()).searchParams.get('state')).not.toBe(url.searchParams.get('state'));
  });

  it("exchanges the code for the channel's incoming webhook, which becomes a Slack webhook of the organization", async () => {
    const state = (await authorizeUrl()).searchParams.get('state')!;
    const res = await t.request('POST', '/api/integrations/slack/add', { token: token(), body: { code: 'code-alerts', state } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ type: 'slack', name: 'team-alerts', endpoint: HOOK, authHeaderSet: false });

    const exchange = slack.exchanges.at(-1)!;
    expect(exchange.authorization).toBe(`Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`);
    expect(exchange.contentType).toBe('application/x-www-form-urlencoded');
    expect(exchange.form).toEqual({ code: 'code-alerts', redirect_uri: `${PUBLIC_URL}/integrations/slack` });

    const channels = await t.request('GET', '/api/integrations/slack/channels', { token: token() });
    expect(channels.body.data.map((w: { name: string }) => w.name)).toContain('team-alerts');
    // Sealed at rest like a webhook added by hand.
    const [row] = await t.kernel.resolve(coreServices.database).sql<{ endpoint_sealed: string }>(sql`select endpoint_sealed from webhooks_webhooks where webhook_id = ${res.body.data.webhookId as number}`);
    expect(row!.endpoint_sealed).not.toContain('hooks.slack.com');
  });

  it('refuses a forged, tampered, expired or borrowed state with 400, without asking Slack', async () => {
    const before = slack.exchanges.length;
    const secrets = t.kernel.resolve(coreServices.secrets);
    const genuine = (await authorizeUrl()).searchParams.get('state')!;
    const tampered = `${genuine.slice(0, -6)}${genuine.slice(-6) === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA'}`;
    const expired = issueSlackState(secrets, { tenantId: tenant.tenantId, userId: tenant.owner.id }, Date.now() - SLACK_STATE_TTL_MS - 1000);
    const otherSealed = Buffer.from(secrets.encrypt(JSON.stringify({ tenantId: tenant.tenantId, userId: tenant.owner.id, expiresAt: Date.now() + 60_000 }))).toString('base64url');
    const other = await t.createTenant();
    for (const [state, as] of [
      [String(tenant.tenantId), token()],
      ['Zm9yZ2Vk', token()],
      [tampered, token()],
      [expired, token()],
      [otherSealed, token()],
      [genuine, other.owner.token],
    ] as const) {
      const res = await t.request('POST', '/api/integrations/slack/add', { token: as, body: { code: 'code-other', state } });
      expect(res.status, state).toBe(400);
      expect(res.body.errors).toEqual([STATE_REFUSED]);
    }
    expect(slack.exchanges.length).toBe(before);
  });

  it("says what Slack refused: a used or unknown code, the server's app credentials", async () => {
    const state = (await authorizeUrl()).searchParams.get('state')!;
    const used = await t.request('POST', '/api/integrations/slack/add', { token: token(), body: { code: 'code-alerts', state } });
    expect(used.status).toBe(400);
    expect(used.body.errors).toEqual(['Slack did not accept the authorization (code_already_used): please use Add to Slack again.']);
    const unknown = await t.request('POST', '/api/integrations/slack/add', { token: token(), body: { code: 'made-up', state } });
    expect(unknown.body.errors).toEqual(['Slack did not accept the authorization (invalid_code): please use Add to Slack again.']);
  });

  it('is for admins: a member gets 403 on both routes', async () => {
    const member = await t.createMember(tenant.tenantId, { permissions: ['METRICS'] });
    expect((await t.request('GET', '/api/integrations/slack/authorize', { token: member.token })).status).toBe(403);
    expect((await t.request('POST', '/api/integrations/slack/add', { token: member.token, body: { code: 'c', state: 'abc' } })).status).toBe(403);
  });
});
