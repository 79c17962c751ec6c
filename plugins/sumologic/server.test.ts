import { afterEach, describe, expect, it } from 'vitest';
import { definePlugin, type DepsMap, type ServerPlugin } from '@cassette/plugin-sdk/server';
import { createTestKernel, type TestKernel } from '@cassette/plugin-sdk/testing';
import { integrationsExtensionPoints, type LogSource } from '@cassette/plugin-integrations/api';
import { contributionsOf, createIntegrationsTestKernel, offlineContext } from '@cassette/plugin-integrations/testing';
import sumologicPlugin from './server.js';

describe('sumologic plugin boot', () => {
  const kernels: TestKernel[] = [];
  afterEach(async () => {
    for (const t of kernels.splice(0)) await t.close();
  });

  it('fills the log-source point of the integrations plugin, built for the configured endpoint', async () => {
    const t = await createIntegrationsTestKernel([sumologicPlugin as ServerPlugin<DepsMap>], { config: { plugins: [{ id: 'sumologic', settings: { endpoint: 'https://sumo.example.test/{region}' } }] } });
    kernels.push(t);
    // What the real owner accepted and serves.
    const contributed = contributionsOf(t).logSources;
    expect(t.kernel.pluginOrder.indexOf('integrations')).toBeLessThan(t.kernel.pluginOrder.indexOf('sumologic'));
    expect(contributed.map((c) => [c.plugin, c.value.id, c.value.label])).toEqual([['sumologic', 'sumologic', 'Sumo Logic']]);
    expect(contributed[0]!.value.setupGuide).toContain('cassetteSessionId=<id>');
    // What the contribution calls: the configured endpoint, not the tool's own host.
    const { ctx, urls } = offlineContext(t);
    await expect(contributed[0]!.value.checkConnection({ accessId: 'suABC', accessKey: 'key', region: 'jp' }, ctx)).rejects.toMatchObject({ integrationFailure: 'unreachable' });
    expect(urls).toEqual(['https://sumo.example.test/jp/api/v1/search/jobs']);
  });

  it('is refused at boot without the integrations plugin, and beside another source with its id', async () => {
    await expect(createTestKernel({ plugins: [sumologicPlugin] as ServerPlugin<DepsMap>[] })).rejects.toThrow(/Plugin "sumologic" needs plugin "integrations"/);
    const impostor = definePlugin({ id: 'impostor', register: (r) => r.extend(integrationsExtensionPoints.logSources, { id: 'sumologic' } as LogSource) });
    await expect(createIntegrationsTestKernel([sumologicPlugin, impostor] as ServerPlugin<DepsMap>[])).rejects.toThrow(/"sumologic" to "integrations.logSources" twice; ids must be unique/);
  });

  it('refuses an endpoint setting that is not a URL', async () => {
    await expect(createIntegrationsTestKernel([sumologicPlugin as ServerPlugin<DepsMap>], { config: { plugins: [{ id: 'sumologic', settings: { endpoint: 'sumo.example.test' } }] } })).rejects.toThrow(
      /Plugin "sumologic" has invalid settings .*"endpoint"/,
    );
  });
});
