import { describe, expect, it } from 'vitest';
import type { DepsMap, ServerPlugin } from '@cassette/plugin-sdk/server';
import { createTestKernel, extensionPointOwnerStandIn } from '@cassette/plugin-sdk/testing';
import { integrationsExtensionPoints } from '@cassette/plugin-integrations/api';
import sentryPlugin from './server.js';

describe('sentry plugin boot', () => {
  it("boots beside the owner of integrations.logSources, which receives its 'sentry' log source", async () => {
    const owner = extensionPointOwnerStandIn(integrationsExtensionPoints.logSources);
    const t = await createTestKernel({ plugins: [owner.plugin, sentryPlugin as ServerPlugin<DepsMap>] });
    try {
      const [contribution] = owner.contributions();
      expect(contribution?.plugin).toBe('sentry');
      expect(contribution?.value).toMatchObject({ id: 'sentry', label: 'Sentry' });
      expect(contribution?.value.fields.map((f) => f.key)).toEqual(['organizationSlug', 'projectSlug', 'token']);
      expect(contribution?.value.setupGuide).toContain('cassetteSessionId');
    } finally {
      await t.close();
    }
  });

  it("is refused without the integrations plugin, and a second 'sentry' log source is refused", async () => {
    await expect(createTestKernel({ plugins: [sentryPlugin as ServerPlugin<DepsMap>] })).rejects.toThrow('needs plugin "integrations" (extends integrations.logSources), which is not enabled');
    const owner = extensionPointOwnerStandIn(integrationsExtensionPoints.logSources);
    const twin = { ...sentryPlugin, id: 'sentryTwin' } as ServerPlugin<DepsMap>;
    await expect(createTestKernel({ plugins: [owner.plugin, sentryPlugin as ServerPlugin<DepsMap>, twin] })).rejects.toThrow('"sentry" to "integrations.logSources" twice');
  });
});
