import { describe, expect, it } from 'vitest';
import type { DepsMap, ServerPlugin } from '@cassette/plugin-sdk/server';
import { createTestKernel } from '@cassette/plugin-sdk/testing';
import { integrationsExtensionPoints } from '@cassette/plugin-integrations/api';
import { contributionsOf, createIntegrationsTestKernel } from '@cassette/plugin-integrations/testing';
import elasticsearchPlugin from './server.js';

describe('elasticsearch plugin boot', () => {
  it("boots beside the integrations plugin, which accepts its 'elasticsearch' log source", async () => {
    const t = await createIntegrationsTestKernel([elasticsearchPlugin as ServerPlugin<DepsMap>]);
    try {
      const [contribution] = contributionsOf(t).logSources;
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
    const twin = { ...elasticsearchPlugin, id: 'elasticsearchTwin' } as ServerPlugin<DepsMap>;
    await expect(createIntegrationsTestKernel([elasticsearchPlugin as ServerPlugin<DepsMap>, twin])).rejects.toThrow('"elasticsearch" to "integrations.logSources" twice');
  });
});
