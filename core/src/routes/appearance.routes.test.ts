import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definePlugin, type DepsMap, type ServerPlugin } from '@cassette/plugin-sdk/server';
import { createTestKernel, type TestKernel } from '../testing/test-kernel.js';

// Two widgets of a dashboard-like plugin: one off for developers, one off for product owners.
const board = definePlugin({
  id: 'board',
  register(r) {
    r.appearanceWidgets([
      { key: 'visits', label: 'Visits', group: 'Overview', offIn: ['dev', 'qa', 'agent'] },
      { key: 'image_time', label: 'Image Time', group: 'Overview', offIn: ['po', 'qa', 'agent'] },
      { key: 'speed', label: 'Speed', group: 'Performance', offIn: ['qa', 'agent'] },
    ]);
  },
});

describe('the appearance of an account (GET and POST /api/account/appearance)', () => {
  let t: TestKernel;
  let token: string;
  beforeAll(async () => {
    t = await createTestKernel({ plugins: [board] });
    const { tenantId } = await t.createTenant();
    token = (await t.createMember(tenantId, { permissions: ['METRICS'] })).token;
  });
  afterAll(async () => t?.close());

  const save = (appearance: unknown) => t.request('POST', '/api/account/appearance', { token, body: { appearance } });

  it('shows everything to an account that never chose, and lists the widgets plugins let it hide', async () => {
    const res = await t.request('GET', '/api/account/appearance', { token });
    expect(res.status).toBe(200);
    expect(res.body.data.appearance).toEqual({
      role: 'CUSTOM',
      sessionsLive: true,
      sessionsDevtools: true,
      tests: true,
      runs: true,
      dashboard: { visits: true, image_time: true, speed: true },
    });
    expect(res.body.data.widgets.map((w: { key: string }) => w.key)).toEqual(['visits', 'image_time', 'speed']);
    expect((await t.request('GET', '/api/account', { token })).body.data.appearance.role).toBe('CUSTOM');
  });

  it('gives each preset its defaults (spec part 2 §6)', async () => {
    const cases = {
      dev: { sessionsLive: false, sessionsDevtools: true, tests: false, runs: false, dashboard: { visits: false, image_time: true, speed: true } },
      po: { sessionsLive: false, sessionsDevtools: false, tests: false, runs: false, dashboard: { visits: true, image_time: false, speed: true } },
      qa: { sessionsLive: false, sessionsDevtools: true, tests: false, runs: false, dashboard: { visits: false, image_time: false, speed: false } },
      agent: { sessionsLive: false, sessionsDevtools: false, tests: false, runs: false, dashboard: { visits: false, image_time: false, speed: false } },
    };
    for (const [role, expected] of Object.entries(cases)) {
      const res = await save({ role });
      expect(res.status).toBe(200);
      expect(res.body.data.appearance).toEqual({ role, ...expected });
      expect((await t.request('GET', '/api/account', { token })).body.data.appearance).toEqual({ role, ...expected });
    }
  });

  it('becomes CUSTOM when a flag leaves the preset, and keeps the other flags', async () => {
    await save({ role: 'dev' });
    const changed = await save({ dashboard: { visits: true }, tests: true });
    expect(changed.body.data.appearance).toEqual({
      role: 'CUSTOM',
      sessionsLive: false,
      sessionsDevtools: true,
      tests: true,
      runs: false,
      dashboard: { visits: true, image_time: true, speed: true },
    });
    // A flag set back to the preset's value with the preset named keeps the preset.
    const same = await save({ role: 'po', sessionsDevtools: false });
    expect(same.body.data.appearance.role).toBe('po');
    expect(same.body.data.appearance.dashboard).toEqual({ visits: true, image_time: false, speed: true });
  });

  it('refuses unknown keys, unknown widgets and wrong types with a 400 that says what to send', async () => {
    const before = (await t.request('GET', '/api/account/appearance', { token })).body.data.appearance;
    const unknownWidget = await save({ dashboard: { visits: true, nope: false } });
    expect(unknownWidget.status).toBe(400);
    expect(unknownWidget.body.errors.join(' ')).toContain('Unknown dashboard widget "nope": use the keys GET /account/appearance lists under widgets.');
    for (const bad of [{ colour: 'red' }, { role: 'boss' }, { tests: 'yes' }, { dashboard: { visits: 1 } }, { dashboard: [] }, {}, 'dev']) {
      const res = await save(bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.errors.length, JSON.stringify(bad)).toBeGreaterThan(0);
    }
    expect((await t.request('GET', '/api/account/appearance', { token })).body.data.appearance).toEqual(before);
  });

  it('refuses to boot when two plugins declare the same widget', async () => {
    const twin = definePlugin({ id: 'twin', register: (r) => r.appearanceWidgets([{ key: 'visits', label: 'Visits', group: 'Other', offIn: [] }]) });
    await expect(createTestKernel({ plugins: [board, twin] as ServerPlugin<DepsMap>[] })).rejects.toThrow('The appearance widget "visits" is declared by both "board" and "twin"; keys must be unique');
  });
});
