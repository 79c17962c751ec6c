import { describe, expect, it } from 'vitest';
import { coreServices, definePlugin, type DepsMap, type ServerPlugin } from '@cassette/plugin-sdk/server';
import { createTestKernel, startHttpStandIn } from '@cassette/plugin-sdk/testing';
import { integrationsExtensionPoints } from '@cassette/plugin-integrations/api';
import { contributionsOf, createIntegrationsTestKernel } from '@cassette/plugin-integrations/testing';
import datadogPlugin from './server.js';
import { createDatadogLogSource } from './server/datadog-log-source.js';

const plugin = datadogPlugin as ServerPlugin<DepsMap>;

describe('datadog plugin boot', () => {
  it("boots beside the integrations plugin, which accepts its 'datadog' log source", async () => {
    const t = await createIntegrationsTestKernel([plugin]);
    try {
      const [contribution] = contributionsOf(t).logSources;
      expect(contribution?.plugin).toBe('datadog');
      expect(contribution?.value).toMatchObject({ id: 'datadog', label: 'Datadog' });
      expect(contribution?.value.fields.map((f) => f.key)).toEqual(['apiKey', 'applicationKey']);
      expect(contribution?.value.setupGuide).toContain('cassetteSessionId');
    } finally {
      await t.close();
    }
  });

  it("calls the Datadog site named in the plugin's settings", async () => {
    const site = await startHttpStandIn(() => ({ body: { data: [], meta: { status: 'done' } } }));
    const t = await createIntegrationsTestKernel([plugin], {
      env: { CASSETTE_OUTBOUND_ALLOW_HOSTS: site.hostPort },
      config: { plugins: [{ id: 'datadog', settings: { apiBase: site.origin } }] },
    });
    try {
      const source = contributionsOf(t).logSources[0]!.value;
      const ctx = { outboundHttp: t.kernel.resolve(coreServices.outboundHttp), log: t.kernel.resolve(coreServices.logger), now: () => Date.now() };
      await source.checkConnection({ apiKey: 'k', applicationKey: 'a' }, ctx);
      expect(site.requests.map((r) => r.path)).toEqual(['/api/v2/logs/events/search']);
    } finally {
      await t.close();
      await site.close();
    }
  });

  it('refuses a site that is not an http(s) address at boot', async () => {
    await expect(createIntegrationsTestKernel([plugin], { config: { plugins: [{ id: 'datadog', settings: { apiBase: 'datadoghq.eu' } }] } })).rejects.toThrow('apiBase');
  });

  it("is refused without the integrations plugin, and a second 'datadog' log source is refused", async () => {
    await expect(createTestKernel({ plugins: [plugin] })).rejects.toThrow('needs plugin "integrations" (extends integrations.logSources), which is not enabled');
    const twin = definePlugin({ id: 'datadogTwin', register: (r) => r.extend(integrationsExtensionPoints.logSources, createDatadogLogSource()) }) as ServerPlugin<DepsMap>;
    await expect(createIntegrationsTestKernel([plugin, twin])).rejects.toThrow('"datadog" to "integrations.logSources" twice');
  });
});
