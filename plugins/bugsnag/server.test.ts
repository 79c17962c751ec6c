import { describe, expect, it } from 'vitest';
import { coreServices, definePlugin, type DepsMap, type ServerPlugin } from '@cassette/plugin-sdk/server';
import { createTestKernel, startHttpStandIn } from '@cassette/plugin-sdk/testing';
import { integrationsExtensionPoints } from '@cassette/plugin-integrations/api';
import { contributionsOf, createIntegrationsTestKernel } from '@cassette/plugin-integrations/testing';
import bugsnagPlugin from './server.js';
import { createBugsnagLogSource } from './server/bugsnag-log-source.js';

const plugin = bugsnagPlugin as ServerPlugin<DepsMap>;

describe('bugsnag plugin boot', () => {
  it("boots beside the integrations plugin, which accepts its 'bugsnag' log source", async () => {
    const t = await createIntegrationsTestKernel([plugin]);
    try {
      const [contribution] = contributionsOf(t).logSources;
      expect(contribution?.plugin).toBe('bugsnag');
      expect(contribution?.value).toMatchObject({ id: 'bugsnag', label: 'Bugsnag' });
      expect(contribution?.value.fields.map((f) => f.key)).toEqual(['authorizationToken', 'bugsnagProjectId']);
      expect(contribution?.value.setupGuide).toContain('cassetteSessionId');
    } finally {
      await t.close();
    }
  });

  it("calls the Bugsnag address named in the plugin's settings", async () => {
    const site = await startHttpStandIn(() => ({ body: { id: 'p1', name: 'Shop' } }));
    const t = await createIntegrationsTestKernel([plugin], {
      env: { CASSETTE_OUTBOUND_ALLOW_HOSTS: site.hostPort },
      config: { plugins: [{ id: 'bugsnag', settings: { apiBase: site.origin } }] },
    });
    try {
      const source = contributionsOf(t).logSources[0]!.value;
      const ctx = { outboundHttp: t.kernel.resolve(coreServices.outboundHttp), log: t.kernel.resolve(coreServices.logger), now: () => Date.now() };
      await source.checkConnection({ authorizationToken: '0a1b2c3d-4e5f-6a7b-8c9d-0e1f2a3b4c5d', bugsnagProjectId: 'p1' }, ctx);
      expect(site.requests.map((r) => r.path)).toEqual(['/projects/p1']);
    } finally {
      await t.close();
      await site.close();
    }
  });

  it('refuses an address that is not an http(s) origin at boot', async () => {
    await expect(createIntegrationsTestKernel([plugin], { config: { plugins: [{ id: 'bugsnag', settings: { apiBase: 'example.com' } }] } })).rejects.toThrow('apiBase');
  });

  it("is refused without the integrations plugin, and a second 'bugsnag' log source is refused", async () => {
    await expect(createTestKernel({ plugins: [plugin] })).rejects.toThrow('needs plugin "integrations" (extends integrations.logSources), which is not enabled');
    const twin = definePlugin({ id: 'bugsnagTwin', register: (r) => r.extend(integrationsExtensionPoints.logSources, createBugsnagLogSource()) }) as ServerPlugin<DepsMap>;
    await expect(createIntegrationsTestKernel([plugin, twin])).rejects.toThrow('"bugsnag" to "integrations.logSources" twice');
  });
});
