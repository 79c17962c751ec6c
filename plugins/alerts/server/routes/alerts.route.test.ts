import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Alert } from '../../shared/alert.js';
import { TRIGGERS } from '../../shared/triggers.js';
import { createAlertsTestKernel, type AlertsTestKernel } from '../../testing/alerts-test-kernel.js';

describe('alerts routes', () => {
  let t: AlertsTestKernel;
  let projectId: number;
  let token: string;
  beforeAll(async () => {
    t = await createAlertsTestKernel();
    const tenant = await t.createTenant();
    projectId = tenant.projectId;
    token = tenant.owner.token;
  }, 120_000);
  afterAll(async () => t?.close());

  const api = (path: string) => `/api/${projectId}${path}`;
  const put = (path: string, body: unknown) => t.request('PUT', api(path), { token, body });
  const valid = { query: { left: 'performance.page_load_time.average', operator: '>', right: 3000 } };

  it('creates an alert with the spec defaults', async () => {
    const res = await put('/alerts', valid);
    expect(res.status).toBe(200);
    const alert = res.body.data as Alert;
    expect(alert).toMatchObject({
      name: 'New Alert',
      active: true,
      detectionMethod: 'threshold',
      change: 'absolute',
      query: { left: 'performance.page_load_time.average', operator: '>', right: 3000 },
      options: { currentPeriod: 15, previousPeriod: 15, message: [], change: 'absolute', renotifyInterval: 60 },
      slack: false,
      email: false,
      webhook: false,
      firing: false,
      lastEvaluatedAt: null,
    });
    expect(alert).not.toHaveProperty('reader');
  });

  it('lists, updates and deletes', async () => {
    const created = (await put('/alerts', { ...valid, name: 'Slow checkout' })).body.data as Alert;
    const updated = await put(`/alerts/${created.alertId}`, {
      ...created,
      name: 'Slow checkout pages',
      detection_method: 'change',
      email: true,
      options: { currentPeriod: 60, previousPeriod: 1440, change: 'percent', message: [{ type: 'email', value: 'ops@shop.test' }] },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.data).toMatchObject({ alertId: created.alertId, name: 'Slow checkout pages', detectionMethod: 'change', change: 'percent', email: true, emailInput: ['ops@shop.test'], options: { currentPeriod: 60, previousPeriod: 1440, message: [{ type: 'email', value: 'ops@shop.test' }] } });
    const list = (await t.request('GET', api('/alerts'), { token })).body.data as Alert[];
    expect(list.map((a) => a.name)).toContain('Slow checkout pages');
    expect((await t.request('DELETE', api(`/alerts/${created.alertId}`), { token })).body.data).toEqual({ deleted: true });
    expect((await t.request('DELETE', api(`/alerts/${created.alertId}`), { token })).status).toBe(404);
    expect((await put(`/alerts/${created.alertId}`, valid)).status).toBe(404);
    expect((await t.request('GET', api(`/alerts/${created.alertId}/history`), { token })).status).toBe(404);
  });

  it('answers the nineteen triggers with name and value', async () => {
    const triggers = (await t.request('GET', api('/alerts/triggers'), { token })).body.data as { name: string; value: string; unit: string }[];
    expect(triggers).toHaveLength(19);
    expect(triggers.map((tr) => tr.value)).toEqual(TRIGGERS.map((tr) => tr.value));
    expect(triggers.find((tr) => tr.value === 'performance.ttfb.average')).toEqual({ name: 'Time To First Byte (average)', value: 'performance.ttfb.average', unit: 'ms', group: 'performance' });
    // The two nothing measures say why, for the form to show.
    expect(triggers.filter((tr) => 'unavailable' in tr).map((tr) => tr.value)).toEqual(['performance.time_to_render.average', 'errors.backend.count']);
  });

  it.each([
    [{ ...valid, name: 'Slow <pages>' }, "letters, digits, spaces, '-' and '_'"],
    [{ query: { operator: '>', right: 1 } }, 'Choose a metric'],
    [{ query: { left: 'performance.nope', operator: '>', right: 1 } }, 'Unknown metric'],
    [{ query: { left: 'performance.ttfb.average', right: 1 } }, 'Choose an operator'],
    [{ query: { left: 'performance.ttfb.average', operator: '>' } }, 'Set a threshold'],
    [{ query: { left: 'performance.ttfb.average', operator: '>', right: 0 } }, 'greater than 0'],
    [{ query: { left: 'performance.ttfb.average', operator: '>', right: 'fast' } }, 'must be a number'],
    [{ ...valid, email: true }, 'at least one e-mail recipient'],
    [{ ...valid, slack: true, slackInput: [] }, 'at least one Slack channel'],
    [{ ...valid, webhook: true }, 'at least one webhook'],
    [{ ...valid, emailInput: ['not-an-address'] }, 'not a valid e-mail address'],
    [{ ...valid, query: { left: 'metric.999999.series.0', operator: '>', right: 1 } }, 'No timeseries metric 999999'],
  ])('refuses %j', async (body, message) => {
    const res = await put('/alerts', body);
    expect(res.status).toBe(400);
    expect(res.body.errors.join(' ')).toContain(message);
  });

  it('accepts a name with diacritics, and a threshold typed as text', async () => {
    const res = await put('/alerts', { name: 'Alerte_pages lentes-é', query: { left: 'performance.ttfb.average', operator: '<=', right: '250.5' } });
    expect(res.status).toBe(200);
    expect(res.body.data.query.right).toBe(250.5);
  });

  it("keeps another project's alerts out of reach", async () => {
    const other = await t.createTenant();
    const alien = (await t.request('PUT', `/api/${other.projectId}/alerts`, { token: other.owner.token, body: valid })).body.data as Alert;
    expect((await t.request('DELETE', api(`/alerts/${alien.alertId}`), { token })).status).toBe(404);
    expect((await t.request('GET', `/api/${other.projectId}/alerts`, { token })).status).toBe(404);
  });
});
