import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@cassette/plugin-ingest/testing';
import { createAlertsTestKernel, type AlertsTestKernel } from '@cassette/plugin-alerts/testing';
import { startWebhookReceiver, webhooksPlugin, type WebhookReceiver } from '@cassette/plugin-webhooks/testing';
import { sql, type DepsMap, type ServerPlugin } from '@cassette/plugin-sdk/server';
import type { AlertDelivery } from '@cassette/plugin-alerts/api';
import alertWebhooksPlugin from './server.js';

/** Alerts fired for real (evaluation, the deliver job with its retries) to Slack and generic receivers on local sockets. */
describe('alerts delivered to Slack and generic webhooks', () => {
  let t: AlertsTestKernel;
  /** Allow-listed for the outbound client, as an operator allows an intranet receiver. */
  let receiver: WebhookReceiver;
  /** Not allow-listed: a loopback address like any private one. */
  let intranet: WebhookReceiver;
  let tenant: Awaited<ReturnType<AlertsTestKernel['createTenant']>>;

  beforeAll(async () => {
    receiver = await startWebhookReceiver({ '/flaky': [{ status: 500 }, { status: 500 }, { status: 200 }] });
    intranet = await startWebhookReceiver();
    t = await createAlertsTestKernel([webhooksPlugin, alertWebhooksPlugin] as ServerPlugin<DepsMap>[], { env: { CASSETTE_OUTBOUND_ALLOW_HOSTS: receiver.hostPort } });
    tenant = await t.createTenant();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
    await intranet?.close();
  });

  const token = () => tenant.owner.token;
  async function addWebhook(path: '/api/webhooks' | '/api/integrations/slack', body: object, as = token()) {
    const res = await t.request('POST', path, { token: as, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { webhookId: number; signingSecret?: string };
  }
  /** An alert that holds on a project with no visits (0 JS errors, under 5): it fires at the first evaluation. */
  async function firingAlert(name: string, recipients: object): Promise<number> {
    const res = await t.request('PUT', `/api/${tenant.projectId}/alerts`, {
      token: token(),
      body: { name, query: { left: 'errors.javascript.count', operator: '<', right: 5 }, options: { currentPeriod: 15, previousPeriod: 15 }, ...recipients },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.alertId as number;
  }
  /** Evaluates `alertId` now, as the scheduled job would (the alerts of earlier tests are paused); resolves once it has fired. */
  async function fire(alertId: number) {
    await t.ctx.sql(sql`update alerts_alerts set active = (alert_id = ${alertId})`);
    // Another run may have claimed this period already (a period is evaluated once): the history says whether it fired.
    await t.evaluate(Date.now());
    await eventually('the alert to fire', async () => {
      const history = (await t.request('GET', `/api/${tenant.projectId}/alerts/${alertId}/history`, { token: token() })).body.data as { notice: string | null }[];
      return history.find((e) => e.notice === 'fired');
    });
  }
  const deliveries = async (alertId: number) =>
    (await t.request('GET', `/api/${tenant.projectId}/alerts/${alertId}/deliveries`, { token: token() })).body.data as AlertDelivery[];
  /** The delivery log once no delivery is pending any more. */
  const settledLog = (alertId: number, what: string) =>
    eventually(
      what,
      async () => {
        const log = await deliveries(alertId);
        return log.length > 0 && log.every((d) => d.status !== 'pending') ? log : undefined;
      },
      30_000,
    );

  it('posts the formatted message to Slack and the signed JSON with the auth header to a generic webhook', async () => {
    const slack = await addWebhook('/api/integrations/slack', { name: 'ops-alerts', url: `${receiver.origin}/services/T01/B01/secret` });
    const generic = await addWebhook('/api/webhooks', { name: 'Pager', endpoint: `${receiver.origin}/pager`, authHeader: 'Bearer pager-token-0042' });
    const before = Math.floor(Date.now() / 1000);
    const alertId = await firingAlert('Quiet shop', { slack: true, slackInput: [slack.webhookId], webhook: true, webhookInput: [generic.webhookId] });
    await fire(alertId);

    const log = await settledLog(alertId, 'the Slack and webhook deliveries');
    expect(log.map((d) => [d.channel, d.recipient, d.status, d.attempts, d.error ?? null]).sort()).toEqual(
      [
        ['inApp', 'project', 'sent', 1, null],
        ['slack', String(slack.webhookId), 'sent', 1, null],
        ['webhook', String(generic.webhookId), 'sent', 1, null],
      ].sort(),
    );

    const hook = receiver.received.find((r) => r.path === '/pager')!;
    expect(hook.headers.authorization).toBe('Bearer pager-token-0042');
    expect(hook.headers['content-type']).toBe('application/json');
    const timestamp = hook.headers['x-cassette-timestamp'] as string;
    expect(Number(timestamp)).toBeGreaterThanOrEqual(before);
    expect(Number(timestamp)).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    // What the receiver checks: HMAC-SHA256 of "<timestamp>.<raw body>" with the secret it was shown once.
    expect(hook.headers['x-cassette-signature']).toBe(`sha256=${createHmac('sha256', generic.signingSecret!).update(`${timestamp}.${hook.body}`).digest('hex')}`);
    const payload = JSON.parse(hook.body);
    expect(payload).toMatchObject({
      event: 'alert.triggered',
      webhookId: generic.webhookId,
      title: 'Alert "Quiet shop" triggered',
      link: expect.stringMatching(new RegExp(`/${tenant.projectId}/alerts/${alertId}$`)),
      data: { kind: 'fired', alertId, alertName: 'Quiet shop', projectId: tenant.projectId, operator: '<', threshold: 5, value: 0, currentPeriod: 15, detectionMethod: 'threshold', unit: 'count' },
    });
    expect(payload.data).not.toHaveProperty('tenantId');
    const lines = [
      'JS Errors over the last 15 min: 0',
      'Threshold: JS Errors < 5',
      `Project: ${payload.data.projectName}`,
      'The condition holds.',
      `Open the alert: ${payload.link}`,
    ];
    expect(payload.text).toBe(lines.join('\n'));

    // The chat stand-in: Slack's JSON, the title in bold over the same lines (markup escaped) and a link.
    const chat = receiver.received.find((r) => r.path === '/services/T01/B01/secret')!;
    expect(chat.headers['x-cassette-signature']).toBeUndefined();
    const slackText = lines.join('\n').replace('<', '&lt;');
    expect(JSON.parse(chat.body)).toEqual({
      text: `Alert "Quiet shop" triggered\n${slackText}`,
      blocks: [
        { type: 'section', text: { type: 'mrkdwn', text: `*Alert "Quiet shop" triggered*\n${slackText}` } },
        { type: 'context', elements: [{ type: 'mrkdwn', text: `<${payload.link}|Open in Cassette>` }] },
      ],
    });
  }, 60_000);

  it('retries a receiver that answers 500 twice, and logs the three attempts once it takes the delivery', async () => {
    const flaky = await addWebhook('/api/webhooks', { name: 'Flaky', endpoint: `${receiver.origin}/flaky` });
    const alertId = await firingAlert('Flaky receiver', { webhook: true, webhookInput: [flaky.webhookId] });
    await fire(alertId);
    const log = await settledLog(alertId, 'the webhook delivery after two retries');
    expect(log.find((d) => d.channel === 'webhook')).toMatchObject({ recipient: String(flaky.webhookId), status: 'sent', attempts: 3, error: null });
    expect(receiver.received.filter((r) => r.path === '/flaky')).toHaveLength(3);
  }, 60_000);

  it('refuses a webhook on a private address that the operator did not allow, at once, and the log says why', async () => {
    const inside = await addWebhook('/api/webhooks', { name: 'Intranet', endpoint: `${intranet.origin}/inside`, authHeader: 'Bearer intranet' });
    const alertId = await firingAlert('Intranet receiver', { webhook: true, webhookInput: [inside.webhookId] });
    await fire(alertId);
    const log = await settledLog(alertId, 'the refused delivery');
    expect(log.find((d) => d.channel === 'webhook')).toMatchObject({ status: 'failed', attempts: 1, error: "Refused: the endpoint's address is not a public address" });
    expect(intranet.received).toEqual([]);
  }, 60_000);

  it("sends nothing to a webhook of the other type or of another organization", async () => {
    const generic = await addWebhook('/api/webhooks', { name: 'Generic only', endpoint: `${receiver.origin}/generic-only` });
    const chat = await addWebhook('/api/integrations/slack', { name: 'chat-only', url: `${receiver.origin}/chat-only` });
    const other = await t.createTenant('Other org');
    const foreign = await addWebhook('/api/webhooks', { name: 'Theirs', endpoint: `${receiver.origin}/theirs` }, other.owner.token);
    const alertId = await firingAlert('Crossed wires', { slack: true, slackInput: [generic.webhookId], webhook: true, webhookInput: [chat.webhookId, foreign.webhookId] });
    await fire(alertId);
    const log = await settledLog(alertId, 'the refused deliveries');
    const byRecipient = (channel: string, id: number) => log.find((d) => d.channel === channel && d.recipient === String(id));
    expect(byRecipient('slack', generic.webhookId)).toMatchObject({ status: 'failed', attempts: 1, error: `Webhook not found: webhook ${generic.webhookId} is not a Slack webhook` });
    expect(byRecipient('webhook', chat.webhookId)).toMatchObject({ status: 'failed', attempts: 1, error: `Webhook not found: webhook ${chat.webhookId} is not a generic webhook` });
    expect(byRecipient('webhook', foreign.webhookId)).toMatchObject({ status: 'failed', attempts: 1, error: 'Webhook not found' });
    expect(receiver.received.filter((r) => ['/generic-only', '/chat-only', '/theirs'].includes(r.path))).toEqual([]);
  }, 60_000);
});
