import { Type } from '@sinclair/typebox';
import { afterEach, describe, expect, it } from 'vitest';
import { definePlugin, defineSettings, routeFor, type DepsMap, type ServerPlugin } from '@cassette/plugin-sdk/server';
import { createTestKernel, type TestKernel } from '../testing/test-kernel.js';

const reportSettings = defineSettings(
  'report',
  Type.Object({
    retentionDays: Type.Integer({ minimum: 1, maximum: 3650, default: 30, description: 'how long reports are kept' }),
    title: Type.String({ minLength: 1, default: 'Weekly report' }),
  }),
);
const deps = { settings: reportSettings };
const route = routeFor(deps);
const seenAtStart: unknown[] = [];
const report = definePlugin({
  id: 'report',
  settings: reportSettings,
  deps,
  register(r) {
    r.route(route({ method: 'GET', url: '/report/settings', access: { auth: 'user' }, schema: {}, handler: async ({ deps }) => ({ ...deps.settings }) }));
  },
  start({ deps }) {
    seenAtStart.push(deps.settings.retentionDays);
  },
});
const plain = definePlugin({ id: 'plain', register: () => undefined });

const kernels: TestKernel[] = [];
afterEach(async () => {
  for (const t of kernels.splice(0)) await t.close();
});
async function boot(plugins: ServerPlugin<DepsMap>[], settings: Record<string, Record<string, unknown>>) {
  const t = await createTestKernel({
    plugins,
    config: { configFile: 'config/test.json', plugins: Object.entries(settings).map(([id, s]) => ({ id, settings: s })) },
  });
  kernels.push(t);
  return t;
}

describe('typed plugin settings', () => {
  it('fills defaults and hands the same typed value to start and routes', async () => {
    seenAtStart.length = 0;
    const t = await boot([report] as ServerPlugin<DepsMap>[], { report: { retentionDays: 7 } });
    expect(seenAtStart).toEqual([7]);
    const { owner } = await t.createTenant();
    const res = await t.request('GET', '/api/report/settings', { token: owner.token });
    expect(res.body.data).toEqual({ retentionDays: 7, title: 'Weekly report' });
  });

  it('refuses to boot on a wrong value, naming the plugin, the key and what is wrong', async () => {
    await expect(boot([report] as ServerPlugin<DepsMap>[], { report: { retentionDays: 'long' } })).rejects.toThrow(
      /Plugin "report" has invalid settings in plugins\.report\.settings in config\/test\.json: "retentionDays" expected integer — how long reports are kept \(got "long"\)/,
    );
    await expect(boot([report] as ServerPlugin<DepsMap>[], { report: { retentionDays: 0 } })).rejects.toThrow(/"retentionDays" expected integer to be greater or equal to 1/);
  });

  it('refuses an unknown key, listing the settings the plugin has', async () => {
    await expect(boot([report] as ServerPlugin<DepsMap>[], { report: { retentionDay: 7 } })).rejects.toThrow(
      'Plugin "report" has no setting "retentionDay" (plugins.report.settings in config/test.json); its settings are: retentionDays, title',
    );
  });

  it('refuses settings for a plugin that takes none', async () => {
    await expect(boot([plain] as ServerPlugin<DepsMap>[], { plain: { verbose: true } })).rejects.toThrow(
      'Plugin "plain" takes no settings, but plugins.plain.settings in config/test.json sets "verbose": remove them',
    );
  });

  it('refuses a settings ref named for another plugin', () => {
    expect(() => definePlugin({ id: 'other', settings: reportSettings, register: () => undefined })).toThrow(/use defineSettings\('other', \.\.\.\)/);
  });

  it('hands a plugin its own settings in register, for what it declares from them', async () => {
    const declared: unknown[] = [];
    const reading = definePlugin({ id: 'report', settings: reportSettings, register: (r) => void declared.push(r.settings(reportSettings).title) });
    await boot([reading] as ServerPlugin<DepsMap>[], { report: { title: 'Monday digest' } });
    expect(declared).toEqual(['Monday digest']);
  });

  it('refuses to hand settings to a plugin that declares none, or another plugin\'s settings', async () => {
    const undeclared = definePlugin({ id: 'report', register: (r) => void r.settings(reportSettings) });
    await expect(boot([undeclared] as ServerPlugin<DepsMap>[], {})).rejects.toThrow('Plugin "report" reads its settings in register() but declares none');
    const otherSettings = defineSettings('plain', Type.Object({}));
    const borrowing = definePlugin({ id: 'report', settings: reportSettings, register: (r) => void r.settings(otherSettings) });
    await expect(boot([borrowing] as ServerPlugin<DepsMap>[], {})).rejects.toThrow('Plugin "report" asked for the settings "plain.settings"; a plugin reads only its own');
  });
});
