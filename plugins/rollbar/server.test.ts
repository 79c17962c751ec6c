import { describe, expect, it } from 'vitest';
import type { DepsMap, ServerPlugin } from '@cassette/plugin-sdk/server';
import { createTestKernel, extensionPointOwnerStandIn } from '@cassette/plugin-sdk/testing';
import { integrationsExtensionPoints } from '@cassette/plugin-integrations/api';
import rollbarPlugin from './server.js';

describe('rollbar plugin boot', () => {
  it("boots beside the owner of integrations.logSources, which receives its 'rollbar' log source", async () => {
    const owner = extensionPointOwnerStandIn(integrationsExtensionPoints.logSources);
    const t = await createTestKernel({ plugins: [owner.plugin, rollbarPlugin as ServerPlugin<DepsMap>] });
    try {
      const [contribution] = owner.contributions();
      expect(contribution?.plugin).toBe('rollbar');
      expect(contribution?.value).toMatchObject({ id: 'rollbar', label: 'Rollbar' });
      expect(contribution?.value.fields.map((f) => f.key)).toEqual(['accessToken']);
      expect(contribution?.value.setupGuide).toContain('cassetteSessionId');
    } finally {
      await t.close();
    }
  });

  it("is refused without the integrations plugin, and a second 'rollbar' log source is refused", async () => {
    await expect(createTestKernel({ plugins: [rollbarPlugin as ServerPlugin<DepsMap>] })).rejects.toThrow('needs plugin "integrations" (extends integrations.logSources), which is not enabled');
    const owner = extensionPointOwnerStandIn(integrationsExtensionPoints.logSources);
    const twin = { ...rollbarPlugin, id: 'rollbarTwin' } as ServerPlugin<DepsMap>;
    await expect(createTestKernel({ plugins: [owner.plugin, rollbarPlugin as ServerPlugin<DepsMap>, twin] })).rejects.toThrow('"rollbar" to "integrations.logSources" twice');
  });
});
