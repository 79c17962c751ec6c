import { describe, expect, it } from 'vitest';
import { coreServices, definePlugin, type DepsMap, type ServerPlugin } from '@cassette/plugin-sdk/server';
import { createTestKernel, startHttpStandIn } from '@cassette/plugin-sdk/testing';
import { integrationsExtensionPoints } from '@cassette/plugin-integrations/api';
import { contributionsOf, createIntegrationsTestKernel } from '@cassette/plugin-integrations/testing';
import sentryPlugin from './server.js';
import { createSentryLogSource } from './server/sentry-log-source.js';

const plugin = sentryPlugin as ServerPlugin<DepsMap>;

describe('sentry plugin boot', () => {
  it("boots beside the integrations plugin, which accepts its 'sentry' log source", async () => {
    const t = await createIntegrationsTestKernel([plugin]);
    try {
      const [contribution] = contributionsOf(t).logSources;
      expect(contribution?.plugin).toBe('sentry');
      expect(contribution?.value).toMatchObject({ id: 'sentry', label: 'Sentry' });
      expect(contribution?.value.fields.map((f) => f.key)).toEqual(['organizationSlug', 'projectSlug', 'token']);
      expect(contribution?.value.setupGuide).toContain('cassetteSessionId');
    } finally {
      await t.close();
    }
  });

  it("calls the Sentry address named in the plugin's settings", async () => {
    const site = await startHttpStandIn(() => ({ body: { id: '1', slug: 'shop' } }));
    const t = await createIntegrationsTestKernel([plugin], {
      env: { CASSETTE_OUTBOUND_ALLOW_HOSTS: site.hostPort },
      config: { plugins: [{ id: 'sentry', settings: { apiBase: site.origin } }] },
    });
    try {
      const source = contributionsOf(t).logSources[0]!.value;
      const ctx = { outboundHttp: t.kernel.resolve(coreServices.outboundHttp), log: t.kernel.resolve(coreServices.logger), now: () => Date.now() };
      await source.checkConnection({ organizationSlug: 'acme', projectSlug: 'shop', token: 't' }, ctx);
      expect(site.requests.map((r) => r.path)).toEqual(['/api/0/projects/acme/shop/']);
    } finally {
      await t.close();
      await site.close();
    }
  });

  it('refuses an address that is not an http(s) origin at boot', async () => {
    await expect(createIntegrationsTestKernel([plugin], { config: { plugins: [{ id: 'sentry', settings: { apiBase: 'example.com' } }] } })).rejects.toThrow('apiBase');
  });

  it("is refused without the integrations plugin, and a second 'sentry' log source is refused", async () => {
    await expect(createTestKernel({ plugins: [plugin] })).rejects.toThrow('needs plugin "integrations" (extends integrations.logSources), which is not enabled');
    const twin = definePlugin({ id: 'sentryTwin', register: (r) => r.extend(integrationsExtensionPoints.logSources, createSentryLogSource()) }) as ServerPlugin<DepsMap>;
    await expect(createIntegrationsTestKernel([plugin, twin])).rejects.toThrow('"sentry" to "integrations.logSources" twice');
  });
});
