import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@cassette/plugin-ingest/testing';
import { coreServices, definePlugin, sql } from '@cassette/plugin-sdk/server';
import { alertsExtensionPoints, type AlertNotice } from './api.js';
import { createAlertsTestKernel, type AlertsTestKernel } from './testing/alerts-test-kernel.js';

/** Channels another plugin adds: 'webhook' keeps what it was asked to send and fails its first try; 'chat' refuses every recipient. */
const received: { notice: AlertNotice; recipient: string }[] = [];
let tries = 0;
let refusals = 0;
const pagerPlugin = definePlugin({
  id: 'pager',
  register(r) {
    r.extend(alertsExtensionPoints.channels, {
      id: 'webhook',
      messageType: 'webhook',
      async deliver(notice, recipient) {
        tries++;
        if (tries === 1) throw new Error('receiver down');
        received.push({ notice, recipient });
      },
    });
    r.extend(alertsExtensionPoints.channels, {
      id: 'chat',
      messageType: 'slack',
      async deliver(_notice, recipient) {
        refusals++;
        throw Object.assign(new Error(`No chat channel ${recipient}`), { retry: false as const });
      },
    });
  },
});

describe('alerts plugin boot', () => {
  let t: AlertsTestKernel;
  beforeAll(async () => {
    t = await createAlertsTestKernel([pagerPlugin]);
  }, 120_000);
  afterAll(async () => t?.close());

  it('creates its tables', async () => {
    const run = t.kernel.resolve(coreServices.database).sql;
    const tables = await run<{ table_name: string }>(sql`select table_name from information_schema.tables where table_name like 'alerts\\_%' order by table_name`);
    expect(tables.map((r) => r.table_name)).toEqual(['alerts_alerts', 'alerts_deliveries', 'alerts_evaluations']);
  });

  it('mounts its routes under the project, behind a login', async () => {
    const { projectId } = await t.createTenant();
    for (const [method, url] of [
      ['GET', '/alerts'],
      ['GET', '/alerts/triggers'],
      ['PUT', '/alerts'],
      ['PUT', '/alerts/1'],
      ['DELETE', '/alerts/1'],
      ['GET', '/alerts/1/history'],
      ['GET', '/alerts/1/deliveries'],
    ] as const) {
      expect((await t.request(method, `/api/${projectId}${url}`)).status, `${method} ${url}`).toBe(401);
    }
  });

  it('checks a saved alert at once over the period just before the save, and delivers through a contributed channel with retries', async () => {
    const { projectId, owner } = await t.createTenant();
    // Nothing is recorded: 0 JS errors, under 5, holds now.
    const res = await t.request('PUT', `/api/${projectId}/alerts`, {
      token: owner.token,
      body: { name: 'Quiet', query: { left: 'errors.javascript.count', operator: '<', right: 5 }, options: { currentPeriod: 15, previousPeriod: 15, message: [{ type: 'webhook', value: 7 }] } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const alertId = res.body.data.alertId as number;
    expect(res.body.data).toMatchObject({ webhook: true, webhookInput: [7] });
    // No scheduler tick is waited for: saving enqueues the check.
    const [evaluation] = await eventually('the evaluation after the save', async () => {
      const rows = (await t.request('GET', `/api/${projectId}/alerts/${alertId}/history`, { token: owner.token })).body.data as { periodEnd: number; value: number; fired: boolean }[];
      return rows.length ? rows : undefined;
    });
    expect(evaluation!.periodEnd).toBe(res.body.data.createdAt);
    expect(evaluation).toMatchObject({ value: 0, fired: true });
    const deliveries = await eventually(
      'the webhook delivery after a retry',
      async () => {
        const rows = (await t.request('GET', `/api/${projectId}/alerts/${alertId}/deliveries`, { token: owner.token })).body.data as { channel: string; status: string; attempts: number; error: string | null }[];
        return rows.find((d) => d.channel === 'webhook' && d.status === 'sent') ? rows : undefined;
      },
      20_000,
    );
    expect(deliveries.find((d) => d.channel === 'webhook')).toMatchObject({ status: 'sent', attempts: 2, error: null });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ recipient: '7', notice: { kind: 'fired', alertId, value: 0, threshold: 5, operator: '<', currentPeriod: 15, path: `/${projectId}/alerts/${alertId}` } });
  }, 40_000);

  it("marks a delivery failed after one attempt when the channel refuses it (retry: false), with the channel's reason", async () => {
    const { projectId, owner } = await t.createTenant();
    const res = await t.request('PUT', `/api/${projectId}/alerts`, {
      token: owner.token,
      body: { name: 'Refused', query: { left: 'errors.javascript.count', operator: '<', right: 5 }, options: { currentPeriod: 15, previousPeriod: 15, message: [{ type: 'slack', value: 8 }] } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const alertId = res.body.data.alertId as number;
    // Evaluated as the scheduled job would; a period is claimed once, however many runs ask.
    await t.evaluate(Date.now());
    const deliveries = await eventually('the refused delivery', async () => {
      const rows = (await t.request('GET', `/api/${projectId}/alerts/${alertId}/deliveries`, { token: owner.token })).body.data as { channel: string; recipient: string; status: string; attempts: number; error: string | null }[];
      return rows.find((d) => d.channel === 'chat' && d.status !== 'pending') ? rows : undefined;
    });
    expect(deliveries.find((d) => d.channel === 'chat')).toMatchObject({ recipient: '8', status: 'failed', attempts: 1, error: 'No chat channel 8' });
    expect(refusals).toBe(1);
  });
});
