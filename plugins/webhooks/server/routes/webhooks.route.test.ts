import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreServices, sql } from '@cassette/plugin-sdk/server';
import { createTestKernel, type TestKernel, type TestUser } from '@cassette/plugin-sdk/testing';
import webhooksPlugin from '../../server.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../testing/receiver.js';
import {
  AUTH_HEADER_INVALID,
  ENDPOINT_INVALID,
  ENDPOINT_REQUIRED,
  NAME_INVALID,
  NAME_REQUIRED,
  NAME_TOO_LONG,
  TOO_MANY_WEBHOOKS,
  WEBHOOKS_PER_TENANT,
} from '../../shared/webhook.js';
import { TEST_MESSAGE_TITLE } from './webhook-test.route.js';

const SECRET_HEADER = 'Bearer s3cr3t-receiver-token-9876';

describe('webhook routes', () => {
  let t: TestKernel;
  let receiver: WebhookReceiver;
  let admin: TestUser;
  let member: TestUser;
  let otherAdmin: TestUser;
  let otherTenantId: number;

  const call = (user: TestUser, method: string, url: string, body?: unknown) => t.request(method, url, { token: user.token, body });

  beforeAll(async () => {
    receiver = await startWebhookReceiver({ '/down': { status: 503 } });
    t = await createTestKernel({ plugins: [webhooksPlugin], env: { CASSETTE_OUTBOUND_ALLOW_HOSTS: receiver.hostPort } });
    const tenant = await t.createTenant();
    admin = tenant.owner;
    member = await t.createMember(tenant.tenantId, { permissions: ['SESSION_REPLAY', 'METRICS'] });
    const other = await t.createTenant('Other org');
    otherAdmin = other.owner;
    otherTenantId = other.tenantId;
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  it('refuses bad input with every problem in words, and stores nothing', async () => {
    const cases: [unknown, string[]][] = [
      [{ name: '  ', endpoint: '' }, [NAME_REQUIRED, ENDPOINT_REQUIRED]],
      [{ name: 'Ops <script>', endpoint: 'not a url' }, [NAME_INVALID, ENDPOINT_INVALID]],
      [{ name: 'x'.repeat(101), endpoint: 'ftp://files.example.test/in' }, [NAME_TOO_LONG, ENDPOINT_INVALID]],
      [{ name: 'Ops', endpoint: 'https://user:pw@hooks.example.test/' }, [ENDPOINT_INVALID]],
      [{ name: 'Ops', endpoint: 'https://hooks.example.test/', authHeader: 'Bearer a\r\nX-Evil: 1' }, [AUTH_HEADER_INVALID]],
    ];
    for (const [body, errors] of cases) {
      const res = await call(admin, 'POST', '/api/webhooks', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors).toEqual(errors);
    }
    const slack = await call(admin, 'POST', '/api/integrations/slack', { name: 'alerts', url: 'javascript:alert(1)' });
    expect(slack.status).toBe(400);
    expect(slack.body.errors).toEqual([ENDPOINT_INVALID]);
    const missing = await call(admin, 'POST', '/api/webhooks', { name: 'Ops' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0]).toMatch(/endpoint/);
    expect((await call(admin, 'GET', '/api/webhooks')).body.data).toEqual([]);
  });

  it('stores the auth header sealed and only ever answers it masked', async () => {
    const created = await call(admin, 'POST', '/api/webhooks', { name: '  Ops receiver ', endpoint: ' https://hooks.example.test/ops ', authHeader: SECRET_HEADER });
    expect(created.status).toBe(200);
    const webhookId = created.body.data.webhookId as number;
    expect(created.body.data).toEqual({
      webhookId,
      type: 'webhook',
      name: 'Ops receiver',
      endpoint: 'https://hooks.example.test/ops',
      authHeaderSet: true,
      authHeaderMasked: 'Bearer ••••••••9876',
      createdAt: expect.any(Number),
      signingSecret: expect.stringMatching(/^whsec_[A-Za-z0-9_-]{43}$/),
    });
    const [row] = await t.kernel.resolve(coreServices.database).sql<Record<string, string>>(sql`select * from webhooks_webhooks where webhook_id = ${webhookId}`);
    expect(JSON.stringify(row)).not.toContain('s3cr3t');
    expect(JSON.stringify(row)).not.toContain('hooks.example.test');
    expect(JSON.stringify(row)).not.toContain(created.body.data.signingSecret);

    const list = await call(admin, 'GET', '/api/webhooks');
    expect(JSON.stringify(list.body)).not.toContain('s3cr3t');
    expect(list.body.data.find((w: { webhookId: number }) => w.webhookId === webhookId)).toMatchObject({ authHeaderSet: true, authHeaderMasked: 'Bearer ••••••••9876' });
    expect(list.body.data[0].signingSecret).toBeUndefined();

    const secret = await call(admin, 'GET', `/api/webhooks/${webhookId}/signing_secret`);
    expect(secret.body.data).toEqual({ signingSecret: created.body.data.signingSecret });

    // Editing without an auth header keeps it; a new one replaces it; removeAuthHeader drops it.
    const kept = await call(admin, 'PUT', `/api/webhooks/${webhookId}`, { name: 'Ops', endpoint: 'https://hooks.example.test/ops2' });
    expect(kept.body.data).toMatchObject({ name: 'Ops', endpoint: 'https://hooks.example.test/ops2', authHeaderSet: true, authHeaderMasked: 'Bearer ••••••••9876' });
    const short = await call(admin, 'PUT', `/api/webhooks/${webhookId}`, { name: 'Ops', endpoint: 'https://hooks.example.test/ops2', authHeader: 'token-12' });
    expect(short.body.data).toMatchObject({ authHeaderSet: true, authHeaderMasked: '••••••••' });
    const removed = await call(admin, 'PUT', `/api/webhooks/${webhookId}`, { name: 'Ops', endpoint: 'https://hooks.example.test/ops2', removeAuthHeader: true });
    expect(removed.body.data).toMatchObject({ authHeaderSet: false });
    expect(removed.body.data.authHeaderMasked).toBeUndefined();
  });

  it('lets members read names and types only, and only admins change, test or reveal', async () => {
    const { body } = await call(admin, 'POST', '/api/integrations/slack', { name: 'team-alerts', url: 'https://hooks.slack.example.test/services/T/B/X' });
    const slackId = body.data.webhookId as number;
    expect(body.data).toMatchObject({ type: 'slack', name: 'team-alerts', endpoint: 'https://hooks.slack.example.test/services/T/B/X', authHeaderSet: false });
    expect(body.data.signingSecret).toBeUndefined();
    // The URL is the channel's credential: sealed at rest like the auth header.
    const [row] = await t.kernel.resolve(coreServices.database).sql<Record<string, string>>(sql`select * from webhooks_webhooks where webhook_id = ${slackId}`);
    expect(JSON.stringify(row)).not.toContain('hooks.slack.example.test');

    const channels = await call(member, 'GET', '/api/integrations/slack/channels');
    expect(channels.status).toBe(200);
    expect(channels.body.data).toEqual([{ webhookId: slackId, type: 'slack', name: 'team-alerts', authHeaderSet: false, createdAt: expect.any(Number) }]);
    const all = await call(member, 'GET', '/api/webhooks');
    expect(all.body.data.every((w: { endpoint?: string }) => w.endpoint === undefined)).toBe(true);

    for (const [method, url, payload] of [
      ['POST', '/api/webhooks', { name: 'Mine', endpoint: 'https://hooks.example.test/' }],
      ['PUT', `/api/integrations/slack/${slackId}`, { name: 'Mine', url: 'https://hooks.example.test/' }],
      ['DELETE', `/api/integrations/slack/${slackId}`, undefined],
      ['POST', `/api/webhooks/${slackId}/test`, undefined],
    ] as const) {
      expect((await call(member, method, url, payload)).status, `${method} ${url}`).toBe(403);
    }
    expect((await call(admin, 'GET', '/api/integrations/slack/channels')).body.data).toHaveLength(1);
  });

  it("keeps organizations apart: another tenant's admin neither sees nor reaches a webhook", async () => {
    const { body } = await call(admin, 'POST', '/api/webhooks', { name: 'Private receiver', endpoint: 'https://hooks.example.test/private' });
    const id = body.data.webhookId as number;
    expect((await call(otherAdmin, 'GET', '/api/webhooks')).body.data).toEqual([]);
    for (const [method, url, payload] of [
      ['PUT', `/api/webhooks/${id}`, { name: 'Taken', endpoint: 'https://evil.example.test/' }],
      ['DELETE', `/api/webhooks/${id}`, undefined],
      ['GET', `/api/webhooks/${id}/signing_secret`, undefined],
      ['POST', `/api/webhooks/${id}/test`, undefined],
    ] as const) {
      const res = await call(otherAdmin, method, url, payload);
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(res.body.errors).toEqual(['Webhook not found']);
    }
    const [row] = await t.kernel.resolve(coreServices.database).sql<{ name: string; tenant_id: number }>(sql`select name, tenant_id from webhooks_webhooks where webhook_id = ${id}`);
    expect(row).toEqual({ name: 'Private receiver', tenant_id: admin.tenantId });
    expect(otherTenantId).not.toBe(admin.tenantId);
  });

  it('keeps the two kinds on their own paths: a chat webhook is not edited as a generic one', async () => {
    const { body } = await call(admin, 'POST', '/api/integrations/slack', { name: 'kinds', url: 'https://hooks.slack.example.test/k' });
    const id = body.data.webhookId as number;
    expect((await call(admin, 'PUT', `/api/webhooks/${id}`, { name: 'x', endpoint: 'https://a.example.test/' })).status).toBe(404);
    expect((await call(admin, 'DELETE', `/api/webhooks/${id}`)).status).toBe(404);
    expect((await call(admin, 'GET', `/api/webhooks/${id}/signing_secret`)).status).toBe(404);
    expect((await call(admin, 'DELETE', `/api/integrations/slack/${id}`)).body.data).toEqual({ deleted: true });
    expect((await call(admin, 'DELETE', `/api/integrations/slack/${id}`)).status).toBe(404);
  });

  it("sends a test message and answers the receiver's status, or the refusal, as a readable outcome", async () => {
    const good = await call(admin, 'POST', '/api/webhooks', { name: 'Test target', endpoint: `${receiver.origin}/ok` });
    const res = await call(admin, 'POST', `/api/webhooks/${good.body.data.webhookId}/test`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ ok: true, status: 200, message: 'Delivered: the receiver answered 200' });
    const sent = JSON.parse(receiver.received.at(-1)!.body);
    expect(sent).toMatchObject({ event: 'webhooks.test', title: TEST_MESSAGE_TITLE });

    const down = await call(admin, 'POST', '/api/integrations/slack', { name: 'down', url: `${receiver.origin}/down` });
    expect((await call(admin, 'POST', `/api/webhooks/${down.body.data.webhookId}/test`)).body.data).toEqual({ ok: false, reason: 'bad_status', status: 503, message: 'The receiver answered 503' });

    const local = await call(admin, 'POST', '/api/webhooks', { name: 'Local', endpoint: 'http://127.0.0.1:9/hook' });
    expect((await call(admin, 'POST', `/api/webhooks/${local.body.data.webhookId}/test`)).body.data).toMatchObject({ ok: false, reason: 'refused_address' });
  });

  it('keeps at most 50 webhooks per organization', async () => {
    const tenant = await t.createTenant('Busy org');
    for (let i = 0; i < WEBHOOKS_PER_TENANT; i += 1) {
      expect((await call(tenant.owner, 'POST', '/api/integrations/slack', { name: `c${i}`, url: 'https://hooks.slack.example.test/x' })).status).toBe(200);
    }
    const res = await call(tenant.owner, 'POST', '/api/webhooks', { name: 'One more', endpoint: 'https://hooks.example.test/' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([TOO_MANY_WEBHOOKS]);
  });
});
