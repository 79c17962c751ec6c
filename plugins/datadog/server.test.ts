import { describe, expect, it } from 'vitest';
import type { DepsMap, ServerPlugin } from '@cassette/plugin-sdk/server';
import { createTestKernel, extensionPointOwnerStandIn } from '@cassette/plugin-sdk/testing';
import { integrationsExtensionPoints } from '@cassette/plugin-integrations/api';
import datadogPlugin from './server.js';

describe('datadog plugin boot', () => {
  it("boots beside the owner of integrations.logSources, which receives its 'datadog' log source", async () => {
    const owner = extensionPointOwnerStandIn(integrationsExtensionPoints.logSources);
    const t = await createTestKernel({ plugins: [owner.plugin, datadogPlugin as ServerPlugin<DepsMap>] });
    try {
      const [contribution] = owner.contributions();
      expect(contribution?.plugin).toBe('datadog');
      expect(contribution?.value).toMatchObject({ id: 'datadog', label: 'Datadog' });
      expect(contribution?.value.fields.map((f) => f.key)).toEqual(['apiKey', 'applicationKey']);
      expect(contribution?.value.setupGuide).toContain('cassetteSessionId');
    } finally {
      await t.close();
    }
  });

  it("is refused without the integrations plugin, and a second 'datadog' log source is refused", async () => {
    await expect(createTestKernel({ plugins: [datadogPlugin as ServerPlugin<DepsMap>] })).rejects.toThrow('needs plugin "integrations" (extends integrations.logSources), which is not enabled');
    const owner = extensionPointOwnerStandIn(integrationsExtensionPoints.logSources);
    const twin = { ...datadogPlugin, id: 'datadogTwin' } as ServerPlugin<DepsMap>;
    await expect(createTestKernel({ plugins: [owner.plugin, datadogPlugin as ServerPlugin<DepsMap>, twin] })).rejects.toThrow('"datadog" to "integrations.logSources" twice');
  });
});
