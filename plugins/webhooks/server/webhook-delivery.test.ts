import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestKernel } from '@cassette/plugin-sdk/testing';
import { webhooksServiceRef, type WebhookMessage } from '../api.js';
import webhooksPlugin from '../server.js';
import { startWebhookReceiver, type WebhookReceiver } from '../testing/receiver.js';
import { USER_AGENT } from './webhook-delivery.js';

const MESSAGE: WebhookMessage = {
  event: 'alert.triggered',
  title: 'Page load time above 3000 ms',
  text: 'Average 4120 ms over the last 15 minutes <b>',
  link: 'https://cassette.example.test/3/dashboard',
  data: { alertId: 12, value: 4120 },
};

describe('webhook delivery over real sockets', () => {
  let t: TestKernel;
  let receiver: WebhookReceiver;
  /** Another local server, not allowlisted: a private address like any other. */
  let intranet: WebhookReceiver;
  let tenantId: number;
  let adminToken: string;

  const create = async (path: string, body: object) => {
    const res = await t.request('POST', path, { token: adminToken, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { webhookId: number; signingSecret?: string };
  };
  const deliver = (webhookId: number, message = MESSAGE, tenant = tenantId) => t.kernel.resolve(webhooksServiceRef).deliver(tenant, webhookId, message);

  beforeAll(async () => {
    intranet = await startWebhookReceiver();
    receiver = await startWebhookReceiver({
      '/broken': { status: 500 },
      '/to-intranet': { status: 307, location: `${intranet.origin}/inside` },
    });
    t = await createTestKernel({ plugins: [webhooksPlugin], env: { CASSETTE_OUTBOUND_ALLOW_HOSTS: receiver.hostPort } });
    const tenant = await t.createTenant();
    tenantId = tenant.tenantId;
    adminToken = tenant.owner.token;
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
    await intranet?.close();
  });

  it('posts the generic JSON with the auth header, a timestamp and a signature the receiver can verify with the signing secret', async () => {
    const { webhookId, signingSecret } = await create('/api/webhooks', { name: 'Ops receiver', endpoint: `${receiver.origin}/hook?team=ops`, authHeader: 'Bearer receiver-token-123' });
    const before = Math.floor(Date.now() / 1000);
    const outcome = await deliver(webhookId);
    expect(outcome).toEqual({ ok: true, status: 200, message: 'Delivered: the receiver answered 200' });

    const got = receiver.received.at(-1)!;
    expect(got.method).toBe('POST');
    expect(got.path).toBe('/hook?team=ops');
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['user-agent']).toBe(USER_AGENT);
    expect(got.headers.authorization).toBe('Bearer receiver-token-123');
    const body = JSON.parse(got.body);
    expect(body).toEqual({ event: 'alert.triggered', webhookId, sentAt: expect.any(String), title: MESSAGE.title, text: MESSAGE.text, link: MESSAGE.link, data: { alertId: 12, value: 4120 } });

    const timestamp = got.headers['x-cassette-timestamp'] as string;
    expect(Number(timestamp)).toBeGreaterThanOrEqual(before);
    expect(Number(timestamp)).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    // What a receiver does: HMAC-SHA256 of `${timestamp}.${raw body}` with the secret it was shown.
    const expected = `sha256=${createHmac('sha256', signingSecret!).update(`${timestamp}.${got.body}`).digest('hex')}`;
    expect(got.headers['x-cassette-signature']).toBe(expected);
    const forged = createHmac('sha256', 'another secret').update(`${timestamp}.${got.body}`).digest('hex');
    expect(got.headers['x-cassette-signature']).not.toBe(`sha256=${forged}`);
  });

  it('sends no auth header when none is stored', async () => {
    const { webhookId } = await create('/api/webhooks', { name: 'Open receiver', endpoint: `${receiver.origin}/open` });
    expect((await deliver(webhookId)).ok).toBe(true);
    const got = receiver.received.at(-1)!;
    expect(got.path).toBe('/open');
    expect(got.headers.authorization).toBeUndefined();
    expect(got.headers['x-cassette-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
  });

  it('posts a chat webhook the JSON Slack incoming webhooks take, text and blocks, markup escaped', async () => {
    const { webhookId } = await create('/api/integrations/slack', { name: 'alerts-channel', url: `${receiver.origin}/services/T000/B000/XXXX` });
    expect(await deliver(webhookId)).toMatchObject({ ok: true, status: 200 });
    const got = receiver.received.at(-1)!;
    expect(got.path).toBe('/services/T000/B000/XXXX');
    expect(got.headers['x-cassette-signature']).toBeUndefined();
    expect(JSON.parse(got.body)).toEqual({
      text: 'Page load time above 3000 ms\nAverage 4120 ms over the last 15 minutes &lt;b&gt;',
      blocks: [
        { type: 'section', text: { type: 'mrkdwn', text: '*Page load time above 3000 ms*\nAverage 4120 ms over the last 15 minutes &lt;b&gt;' } },
        { type: 'context', elements: [{ type: 'mrkdwn', text: '<https://cassette.example.test/3/dashboard|Open in Cassette>' }] },
      ],
    });
  });

  it("reports the receiver's status when it is not 2xx", async () => {
    const { webhookId } = await create('/api/webhooks', { name: 'Broken receiver', endpoint: `${receiver.origin}/broken` });
    expect(await deliver(webhookId)).toEqual({ ok: false, reason: 'bad_status', status: 500, message: 'The receiver answered 500' });
  });

  it('refuses a private address before anything reaches it', async () => {
    const { webhookId } = await create('/api/webhooks', { name: 'Intranet', endpoint: `${intranet.origin}/inside`, authHeader: 'Bearer intranet' });
    const outcome = await deliver(webhookId);
    expect(outcome).toMatchObject({ ok: false, reason: 'refused_address', message: "Refused: the endpoint's address is not a public address" });
    expect(intranet.received).toEqual([]);
  });

  it('refuses a DNS name that resolves to a private address, and the cloud metadata address', async () => {
    const named = await create('/api/webhooks', { name: 'Named intranet', endpoint: `http://localhost:${intranet.port}/inside` });
    expect(await deliver(named.webhookId)).toMatchObject({ ok: false, reason: 'refused_address' });
    const metadata = await create('/api/webhooks', { name: 'Metadata', endpoint: 'http://169.254.169.254/latest/meta-data/' });
    expect(await deliver(metadata.webhookId)).toMatchObject({ ok: false, reason: 'refused_address' });
    expect(intranet.received).toEqual([]);
  });

  it('refuses a redirect to a private address: the public hop is reached, the private one never', async () => {
    const { webhookId } = await create('/api/webhooks', { name: 'Redirecting', endpoint: `${receiver.origin}/to-intranet` });
    const outcome = await deliver(webhookId);
    expect(outcome).toMatchObject({ ok: false, reason: 'refused_address' });
    expect(receiver.received.at(-1)!.path).toBe('/to-intranet');
    expect(intranet.received).toEqual([]);
  });

  it('answers not_found, posting nothing, when the webhook is not of the type asked for', async () => {
    const generic = await create('/api/webhooks', { name: 'Generic receiver', endpoint: `${receiver.origin}/generic` });
    const chat = await create('/api/integrations/slack', { name: 'chat-channel', url: `${receiver.origin}/chat` });
    const sent = receiver.received.length;
    const service = t.kernel.resolve(webhooksServiceRef);
    expect(await service.deliver(tenantId, generic.webhookId, MESSAGE, { type: 'slack' })).toEqual({ ok: false, reason: 'not_found', message: `Webhook not found: webhook ${generic.webhookId} is not a Slack webhook` });
    expect(await service.deliver(tenantId, chat.webhookId, MESSAGE, { type: 'webhook' })).toEqual({ ok: false, reason: 'not_found', message: `Webhook not found: webhook ${chat.webhookId} is not a generic webhook` });
    expect(receiver.received.length).toBe(sent);
    expect(await service.deliver(tenantId, chat.webhookId, MESSAGE, { type: 'slack' })).toMatchObject({ ok: true });
    expect(receiver.received.at(-1)!.path).toBe('/chat');
  });

  it("answers not_found for an unknown webhook and for another tenant's", async () => {
    const { webhookId } = await create('/api/webhooks', { name: 'Mine', endpoint: `${receiver.origin}/mine` });
    const other = await t.createTenant('Other org');
    const sent = receiver.received.length;
    expect(await deliver(webhookId, MESSAGE, other.tenantId)).toEqual({ ok: false, reason: 'not_found', message: 'Webhook not found' });
    expect(await deliver(999_999)).toMatchObject({ ok: false, reason: 'not_found' });
    expect(receiver.received.length).toBe(sent);
  });
});
