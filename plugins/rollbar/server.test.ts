import { describe, expect, it } from 'vitest';
import { coreServices, definePlugin, type DepsMap, type ServerPlugin } from '@cassette/plugin-sdk/server';
import { createTestKernel, startHttpStandIn } from '@cassette/plugin-sdk/testing';
import { integrationsExtensionPoints } from '@cassette/plugin-integrations/api';
import { contributionsOf, createIntegrationsTestKernel } from '@cassette/plugin-integrations/testing';
import rollbarPlugin from './server.js';
import { createRollbarLogSource } from './server/rollbar-log-source.js';

const plugin = rollbarPlugin as ServerPlugin<DepsMap>;

describe('rollbar plugin boot', () => {
  it("boots beside the integrations plugin, which accepts its 'rollbar' log source", async () => {
    const t = await createIntegrationsTestKernel([plugin]);
    try {
      const [contribution] = contributionsOf(t).logSources;
      expect(contribution?.plugin).toBe('rollbar');
      expect(contribution?.value).toMatchObject({ id: 'rollbar', label: 'Rollbar' });
      expect(contribution?.value.fields.map((f) => f.key)).toEqual(['accessToken']);
      expect(contribution?.value.setupGuide).toContain('cassetteSessionId');
    } finally {
      await t.close();
    }
  });

  it("calls the Rollbar address named in the plugin's settings", async () => {
    const site = await startHttpStandIn(() => ({ body: { err: 0, result: { page: 1, instances: [] } } }));
    const t = await createIntegrationsTestKernel([plugin], {
      env: { CASSETTE_OUTBOUND_ALLOW_HOSTS: site.hostPort },
      config: { plugins: [{ id: 'rollbar', settings: { apiBase: site.origin } }] },
    });
    try {
      const source = contributionsOf(t).logSources[0]!.value;
      const ctx = { outboundHttp: t.kernel.resolve(coreServices.outboundHttp), log: t.kernel.resolve(coreServices.logger), now: () => Date.now() };
      await source.checkConnection({ accessToken: 't' }, ctx);
      expect(site.requests.map((r) => r.path)).toEqual(['/api/1/instances/?page=1']);
    } finally {
      await t.close();
      await site.close();
    }
  });

  it('refuses an address that is not an http(s) origin at boot', async () => {
    await expect(createIntegrationsTestKernel([plugin], { config: { plugins: [{ id: 'rollbar', settings: { apiBase: 'example.com' } }] } })).rejects.toThrow('apiBase');
  });

  it("is refused without the integrations plugin, and a second 'rollbar' log source is refused", async () => {
    await expect(createTestKernel({ plugins: [plugin] })).rejects.toThrow('needs plugin "integrations" (extends integrations.logSources), which is not enabled');
    const twin = definePlugin({ id: 'rollbarTwin', register: (r) => r.extend(integrationsExtensionPoints.logSources, createRollbarLogSource()) }) as ServerPlugin<DepsMap>;
    await expect(createIntegrationsTestKernel([plugin, twin])).rejects.toThrow('"rollbar" to "integrations.logSources" twice');
  });
});
