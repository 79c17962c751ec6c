import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE } from '../shared/catalogue.js';
import { LEGACY_WIDGETS } from '../shared/appearance-widgets.js';
import { createMetricsTestKernel, type MetricsTestKernel } from '../testing/metrics-test-kernel.js';

const KEYS = CATALOGUE.map((w) => w.key);
const off = (dashboard: Record<string, boolean>) => Object.keys(dashboard).filter((key) => dashboard[key] === false).sort();

describe('the catalogue widgets in a member appearance', () => {
  let t: MetricsTestKernel;
  let tenantId: number;
  let projectId: number;
  beforeAll(async () => {
    t = await createMetricsTestKernel();
    ({ tenantId, projectId } = await t.createTenant());
  });
  afterAll(async () => t?.close());

  it('gives every one of the 45 catalogue widgets its own flag, grouped by category', async () => {
    const { token } = await t.createMember(tenantId, { permissions: ['METRICS'] });
    const answer = (await t.request('GET', '/api/account/appearance', { token })).body.data;
    expect(answer.widgets.map((w: { key: string }) => w.key)).toEqual(KEYS);
    expect(answer.widgets.find((w: { key: string }) => w.key === 'speed_location')).toMatchObject({ label: 'Speed Index by Location', group: 'Performance' });
    expect(Object.keys(answer.appearance.dashboard)).toEqual(KEYS);
    expect(off(answer.appearance.dashboard)).toEqual([]);
  });

  it("turns off, per preset, the catalogue widgets standing for the spec's OpenReplay 1.x widget names", async () => {
    const { token } = await t.createMember(tenantId, { permissions: ['METRICS'] });
    const preset = async (role: string) => (await t.request('POST', '/api/account/appearance', { token, body: { appearance: { role } } })).body.data.appearance.dashboard;
    // dev: userActivity, sessionsFrustration, sessionsFeedback off.
    expect(off(await preset('dev'))).toEqual(['avg_session_duration', 'avg_visited_pages']);
    // po: slowestImages, errorsTrend off.
    expect(off(await preset('po'))).toEqual(['avg_image_load_time', 'impacted_sessions_by_js_errors']);
    // qa and agent: every widget off.
    expect(off(await preset('qa'))).toEqual([...KEYS].sort());
    expect(off(await preset('agent'))).toEqual([...KEYS].sort());
    expect(LEGACY_WIDGETS.flatMap((l) => l.keys).every((key) => KEYS.includes(key))).toBe(true);
  });

  it('never grants what the role denies: every flag on, a member without METRICS is still refused', async () => {
    const { token } = await t.createMember(tenantId, { permissions: ['SESSION_REPLAY'] });
    const all = Object.fromEntries(KEYS.map((k) => [k, true]));
    const saved = await t.request('POST', '/api/account/appearance', { token, body: { appearance: { role: 'CUSTOM', sessionsLive: true, sessionsDevtools: true, tests: true, runs: true, dashboard: all } } });
    expect(saved.status).toBe(200);
    expect(saved.body.data.permissions).toEqual(['SESSION_REPLAY']);
    for (const path of ['/dashboards', '/metrics', '/metrics/templates']) expect((await t.request('GET', `/api/${projectId}${path}`, { token })).status, path).toBe(403);
    expect((await t.request('POST', `/api/${projectId}/dashboard/count_sessions`, { token, body: {} })).status).toBe(403);
  });
});
