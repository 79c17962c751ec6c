import { describe, expect, it } from 'vitest';
import type { DepsMap, ServerPlugin } from '@cassette/plugin-sdk/server';
import { createTestKernel, extensionPointOwnerStandIn } from '@cassette/plugin-sdk/testing';
import { integrationsExtensionPoints } from '@cassette/plugin-integrations/api';
import bugsnagPlugin from './server.js';

describe('bugsnag plugin boot', () => {
  it("boots beside the owner of integrations.logSources, which receives its 'bugsnag' log source", async () => {
    const owner = extensionPointOwnerStandIn(integrationsExtensionPoints.logSources);
    const t = await createTestKernel({ plugins: [owner.plugin, bugsnagPlugin as ServerPlugin<DepsMap>] });
    try {
      const [contribution] = owner.contributions();
      expect(contribution?.plugin).toBe('bugsnag');
      expect(contribution?.value).toMatchObject({ id: 'bugsnag', label: 'Bugsnag' });
      expect(contribution?.value.fields.map((f) => f.key)).toEqual(['authorizationToken', 'bugsnagProjectId']);
      expect(contribution?.value.setupGuide).toContain('cassetteSessionId');
    } finally {
      await t.close();
    }
  });

  it("is refused without the integrations plugin, and a second 'bugsnag' log source is refused", async () => {
    await expect(createTestKernel({ plugins: [bugsnagPlugin as ServerPlugin<DepsMap>] })).rejects.toThrow('needs plugin "integrations" (extends integrations.logSources), which is not enabled');
    const owner = extensionPointOwnerStandIn(integrationsExtensionPoints.logSources);
    const twin = { ...bugsnagPlugin, id: 'bugsnagTwin' } as ServerPlugin<DepsMap>;
    await expect(createTestKernel({ plugins: [owner.plugin, bugsnagPlugin as ServerPlugin<DepsMap>, twin] })).rejects.toThrow('"bugsnag" to "integrations.logSources" twice');
  });
});
