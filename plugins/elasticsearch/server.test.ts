import { describe, expect, it } from 'vitest';
import type { DepsMap, ServerPlugin } from '@cassette/plugin-sdk/server';
import { createTestKernel, extensionPointOwnerStandIn } from '@cassette/plugin-sdk/testing';
import { integrationsExtensionPoints } from '@cassette/plugin-integrations/api';
import elasticsearchPlugin from './server.js';

describe('elasticsearch plugin boot', () => {
  it("boots beside the owner of integrations.logSources, which receives its 'elasticsearch' log source", async () => {
    const owner = extensionPointOwnerStandIn(integrationsExtensionPoints.logSources);
    const t = await createTestKernel({ plugins: [owner.plugin, elasticsearchPlugin as ServerPlugin<DepsMap>] });
    try {
      const [contribution] = owner.contributions();
      expect(contribution?.plugin).toBe('elasticsearch');
      expect(contribution?.value).toMatchObject({ id: 'elasticsearch', label: 'Elasticsearch' });
      expect(contribution?.value.fields.map((f) => f.key)).toEqual(['host', 'apiKeyId', 'apiKey', 'indexes', 'port']);
      expect(contribution?.value.setupGuide).toContain('cassetteSessionId');
    } finally {
      await t.close();
    }
  });

  it("is refused without the integrations plugin, and a second 'elasticsearch' log source is refused", async () => {
    await expect(createTestKernel({ plugins: [elasticsearchPlugin as ServerPlugin<DepsMap>] })).rejects.toThrow('needs plugin "integrations" (extends integrations.logSources), which is not enabled');
    const owner = extensionPointOwnerStandIn(integrationsExtensionPoints.logSources);
    const twin = { ...elasticsearchPlugin, id: 'elasticsearchTwin' } as ServerPlugin<DepsMap>;
    await expect(createTestKernel({ plugins: [owner.plugin, elasticsearchPlugin as ServerPlugin<DepsMap>, twin] })).rejects.toThrow('"elasticsearch" to "integrations.logSources" twice');
  });
});
