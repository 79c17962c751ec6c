import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@cassette/plugin-ingest/testing';
import { sql } from '@cassette/plugin-sdk/server';
import type { Alert, AlertDelivery, AlertEvaluation } from '../../shared/alert.js';
import { createAlertsTestKernel, type AlertsTestKernel } from '../../testing/alerts-test-kernel.js';
import { EVALUATED_AT, MIDNIGHT, MINUTE, recordVisits } from '../../testing/alerts-project.js';
import { evaluateDueAlerts } from './evaluate-alerts.js';

describe('alert evaluation on generated visits', () => {
  let t: AlertsTestKernel;
  let projectId: number;
  let token: string;
  beforeAll(async () => {
    t = await createAlertsTestKernel();
    const tenant = await t.createTenant();
    projectId = tenant.projectId;
    token = tenant.owner.token;
    await recordVisits(t, projectId, tenant.tenantId);
  }, 120_000);
  afterAll(async () => t?.close());

  const api = (path: string) => `/api/${projectId}${path}`;
  /**
   * Saved paused (a saved active alert is checked at once, at the real time), then anchored at
   * midnight a week before MIDNIGHT, so every period length ends at MIDNIGHT, as the generated
   * visits are laid out.
   */
  async function createAlert(body: Record<string, unknown>): Promise<Alert> {
    const res = await t.request('PUT', api('/alerts'), { token, body: { ...body, active: false } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await t.ctx.sql(sql`update alerts_alerts set anchored_at = ${new Date(MIDNIGHT - 7 * 1440 * MINUTE)} where alert_id = ${res.body.data.alertId}`);
    return res.body.data as Alert;
  }
  async function setActive(alert: Alert, active: boolean): Promise<void> {
    await t.ctx.sql(sql`update alerts_alerts set active = ${active} where alert_id = ${alert.alertId}`);
  }
  /** Evaluates only `alerts` (the others are paused meanwhile) at `now`. */
  async function evaluateOnly(alerts: Alert[], now: number) {
    await t.ctx.sql(sql`update alerts_alerts set active = false where project_id = ${projectId}`);
    for (const a of alerts) await setActive(a, true);
    const outcomes = await evaluateDueAlerts(t.deps, now);
    await t.ctx.sql(sql`update alerts_alerts set active = false where project_id = ${projectId}`);
    return outcomes;
  }
  const history = async (alert: Alert): Promise<AlertEvaluation[]> => (await t.request('GET', api(`/alerts/${alert.alertId}/history`), { token })).body.data;
  const deliveries = async (alert: Alert): Promise<AlertDelivery[]> => (await t.request('GET', api(`/alerts/${alert.alertId}/deliveries`), { token })).body.data;

  it('fires on a threshold and records the evaluation, with the right period for each length', async () => {
    const over = await createAlert({ name: 'Slow pages 4h', query: { left: 'performance.page_load_time.average', operator: '>=', right: 3000 }, options: { currentPeriod: 240, previousPeriod: 240 } });
    const under = await createAlert({ name: 'Slow pages 30m', query: { left: 'performance.page_load_time.average', operator: '>', right: 1500 }, options: { currentPeriod: 30, previousPeriod: 30 } });
    const outcomes = await evaluateOnly([over, under], EVALUATED_AT);
    const byAlert = new Map(outcomes.map((o) => [o.alertId, o.result]));
    // 4 hours: sessions 1-5, loads 1..5 s, average 3 s; 30 minutes: sessions 1-2, average 1.5 s.
    expect(byAlert.get(over.alertId)).toMatchObject({ value: 3000, compared: 3000, fired: true, notice: 'fired' });
    expect(byAlert.get(under.alertId)).toMatchObject({ value: 1500, compared: 1500, fired: false, notice: null });
    const [evaluation] = await history(over);
    expect(evaluation).toMatchObject({ periodEnd: MIDNIGHT, value: 3000, threshold: 3000, operator: '>=', fired: true, notice: 'fired' });
  });

  it('fires on an absolute change and on a percent change from the previous period', async () => {
    // An hour: 1 + 2 + 3 = 6 JS errors against 4 the hour before (+2). Two hours: 10 against 5 (+100 %).
    const absolute = await createAlert({ name: 'More errors', detection_method: 'change', change: 'absolute', query: { left: 'errors.javascript.count', operator: '>=', right: 2 }, options: { currentPeriod: 60, previousPeriod: 60 } });
    const percent = await createAlert({ name: 'Errors doubled', detectionMethod: 'change', options: { currentPeriod: 120, previousPeriod: 120, change: 'percent' }, query: { left: 'errors.javascript.count', operator: '>', right: 50 } });
    const tooMuch = await createAlert({ name: 'Errors tripled', detectionMethod: 'change', change: 'percent', query: { left: 'errors.javascript.count', operator: '>', right: 150 }, options: { currentPeriod: 120, previousPeriod: 120 } });
    const byAlert = new Map((await evaluateOnly([absolute, percent, tooMuch], EVALUATED_AT)).map((o) => [o.alertId, o.result]));
    expect(byAlert.get(absolute.alertId)).toMatchObject({ value: 6, previousValue: 4, compared: 2, fired: true });
    expect(byAlert.get(percent.alertId)).toMatchObject({ value: 10, previousValue: 5, compared: 100, fired: true });
    expect(byAlert.get(tooMuch.alertId)).toMatchObject({ compared: 100, fired: false });
  });

  it("fires on a custom metric's series", async () => {
    const metric = await t.request('POST', api('/metrics'), { token, body: { name: 'Visits' } });
    expect(metric.status).toBe(200);
    const left = `metric.${metric.body.data.metricId}.series.0`;
    const triggers = (await t.request('GET', api('/alerts/triggers'), { token })).body.data as { value: string; name: string }[];
    expect(triggers.find((tr) => tr.value === left)?.name).toMatch(/^Visits › /);
    const alert = await createAlert({ name: 'Busy hour', query: { left, operator: '>=', right: 3 }, options: { currentPeriod: 60, previousPeriod: 60 } });
    const [outcome] = await evaluateOnly([alert], EVALUATED_AT);
    expect(outcome!.result).toMatchObject({ value: 3, fired: true, notice: 'fired' });
  });

  it('notifies again only after the re-notify interval while the condition holds, and sends a recovery notice when it clears', async () => {
    // 15-minute periods: 1 JS error before midnight, none after.
    const holding = await createAlert({ name: 'Few errors', query: { left: 'errors.javascript.count', operator: '<', right: 5 }, options: { currentPeriod: 15, previousPeriod: 15, renotifyInterval: 30 } });
    const clearing = await createAlert({ name: 'Any error', query: { left: 'errors.javascript.count', operator: '>=', right: 1 }, options: { currentPeriod: 15, previousPeriod: 15 } });
    const notices = async (at: number) => new Map((await evaluateOnly([holding, clearing], at)).map((o) => [o.alertId, o.result.notice]));
    expect(await notices(EVALUATED_AT)).toEqual(new Map([[holding.alertId, 'fired'], [clearing.alertId, 'fired']]));
    expect(await notices(EVALUATED_AT + 15 * MINUTE)).toEqual(new Map([[holding.alertId, null], [clearing.alertId, 'recovered']]));
    expect(await notices(EVALUATED_AT + 30 * MINUTE)).toEqual(new Map([[holding.alertId, 'fired'], [clearing.alertId, null]]));
    expect((await history(clearing)).map((e) => [e.periodEnd, e.value, e.fired, e.notice])).toEqual([
      [MIDNIGHT + 30 * MINUTE, 0, false, null],
      [MIDNIGHT + 15 * MINUTE, 0, false, 'recovered'],
      [MIDNIGHT, 1, true, 'fired'],
    ]);
    const window = (await t.request('GET', api(`/alerts/${clearing.alertId}/history?startTimestamp=${MIDNIGHT + 1}&endTimestamp=${MIDNIGHT + 15 * MINUTE}`), { token })).body.data as AlertEvaluation[];
    expect(window.map((e) => e.periodEnd)).toEqual([MIDNIGHT + 15 * MINUTE]);
    const backwards = await t.request('GET', api(`/alerts/${clearing.alertId}/history?startTimestamp=${MIDNIGHT + 1}&endTimestamp=${MIDNIGHT}`), { token });
    expect(backwards.status).toBe(400);
  });

  it('evaluates each period once when two runs race, and a later run of the same period does nothing', async () => {
    const alert = await createAlert({ name: 'Raced', query: { left: 'errors.javascript.count', operator: '>=', right: 1 }, options: { currentPeriod: 1440, previousPeriod: 1440 } });
    await t.ctx.sql(sql`update alerts_alerts set active = false where project_id = ${projectId}`);
    await setActive(alert, true);
    const runs = await Promise.all([evaluateDueAlerts(t.deps, EVALUATED_AT), evaluateDueAlerts(t.deps, EVALUATED_AT + 1000), evaluateDueAlerts(t.deps, EVALUATED_AT + 2000)]);
    expect(runs.flat().map((o) => o.alertId)).toEqual([alert.alertId]);
    expect(await evaluateDueAlerts(t.deps, EVALUATED_AT + 5 * MINUTE)).toEqual([]);
    await setActive(alert, false);
    expect(await history(alert)).toHaveLength(1);
    const inApp = await eventually('the in-app delivery', async () => ((await deliveries(alert)).find((d) => d.status === 'sent') ? await deliveries(alert) : undefined));
    expect(inApp.map((d) => [d.channel, d.notice, d.status])).toEqual([['inApp', 'fired', 'sent']]);
  });

  it('delivers a notice by e-mail and in the alerts bell, and logs each delivery', async () => {
    const alert = await createAlert({
      name: 'Page load over 2 s',
      query: { left: 'performance.page_load_time.average', operator: '>', right: 2000 },
      options: { currentPeriod: 120, previousPeriod: 120 },
      email: true,
      emailInput: ['ops@shop.test', 'ops@shop.test', 'lead@shop.test'],
    });
    expect(alert.emailInput).toEqual(['ops@shop.test', 'lead@shop.test']);
    const before = t.mails.length;
    const [outcome] = await evaluateOnly([alert], EVALUATED_AT);
    expect(outcome!.result).toMatchObject({ value: 2500, fired: true });
    const mails = (await t.waitForMails(before + 2)).slice(before);
    expect(mails.map((m) => m.to).sort()).toEqual(['lead@shop.test', 'ops@shop.test']);
    const mail = mails[0]!;
    expect(mail.subject).toBe('Alert "Page load over 2 s" triggered');
    expect(mail.text).toContain('Page Load Time (average) over the last 2 hours: 2,500 ms');
    expect(mail.text).toContain('Threshold: Page Load Time (average) > 2,000 ms');
    expect(mail.text).toContain(`/${projectId}/alerts/${alert.alertId}`);
    expect(mail.html).toContain(`/${projectId}/alerts/${alert.alertId}"`);
    expect(mail.html).toContain('2,500 ms');

    const bell = await eventually('the alert notification', async () => {
      const list = (await t.request('GET', '/api/notifications', { token })).body.data as { title: string; filterKey?: string; link?: string; options: { source: string; sourceId?: string } }[];
      return list.find((n) => n.options.sourceId === String(alert.alertId));
    });
    expect(bell).toMatchObject({ title: 'Alert "Page load over 2 s" triggered', filterKey: 'alert', link: `/${projectId}/alerts/${alert.alertId}`, options: { source: 'ALERT' } });
    const log = await eventually('every delivery sent', async () => {
      const all = await deliveries(alert);
      return all.length === 3 && all.every((d) => d.status === 'sent') ? all : undefined;
    });
    expect(log.map((d) => `${d.channel}:${d.recipient}`).sort()).toEqual(['email:lead@shop.test', 'email:ops@shop.test', 'inApp:project']);
  });
});
