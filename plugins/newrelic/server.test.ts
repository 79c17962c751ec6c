import { afterEach, describe, expect, it } from 'vitest';
import { definePlugin, type DepsMap, type ServerPlugin } from '@cassette/plugin-sdk/server';
import { createTestKernel, type TestKernel } from '@cassette/plugin-sdk/testing';
import { integrationsExtensionPoints, type LogSource } from '@cassette/plugin-integrations/api';
import { contributionsOf, createIntegrationsTestKernel, offlineContext } from '@cassette/plugin-integrations/testing';
import newrelicPlugin from './server.js';

describe('newrelic plugin boot', () => {
  const kernels: TestKernel[] = [];
  afterEach(async () => {
    for (const t of kernels.splice(0)) await t.close();
  });

  it('fills the log-source point of the integrations plugin, built for the configured endpoint', async () => {
    const t = await createIntegrationsTestKernel([newrelicPlugin as ServerPlugin<DepsMap>], { config: { plugins: [{ id: 'newrelic', settings: { euApiUrl: 'https://insights.eu.example.test' } }] } });
    kernels.push(t);
    // What the real owner accepted and serves.
    const contributed = contributionsOf(t).logSources;
    expect(t.kernel.pluginOrder.indexOf('integrations')).toBeLessThan(t.kernel.pluginOrder.indexOf('newrelic'));
    expect(contributed.map((c) => [c.plugin, c.value.id, c.value.label])).toEqual([['newrelic', 'newrelic', 'New Relic']]);
    expect(contributed[0]!.value.setupGuide).toContain('cassetteSessionId');
    // What the contribution calls: the configured endpoint, not the tool's own host.
    const { ctx, urls } = offlineContext(t);
    await expect(contributed[0]!.value.checkConnection({ applicationId: '1234567', xQueryKey: 'NRIQ-key', region: 'EU' }, ctx)).rejects.toMatchObject({ integrationFailure: 'unreachable' });
    expect(urls).toEqual([`https://insights.eu.example.test/v1/accounts/1234567/query?nrql=${encodeURIComponent('SELECT count(*) FROM Log SINCE 1 minute ago')}`]);
  });

  it('is refused at boot without the integrations plugin, and beside another source with its id', async () => {
    await expect(createTestKernel({ plugins: [newrelicPlugin] as ServerPlugin<DepsMap>[] })).rejects.toThrow(/Plugin "newrelic" needs plugin "integrations"/);
    const impostor = definePlugin({ id: 'impostor', register: (r) => r.extend(integrationsExtensionPoints.logSources, { id: 'newrelic' } as LogSource) });
    await expect(createIntegrationsTestKernel([newrelicPlugin, impostor] as ServerPlugin<DepsMap>[])).rejects.toThrow(/"newrelic" to "integrations.logSources" twice; ids must be unique/);
  });

  it('refuses a query API URL setting that is not a URL', async () => {
    await expect(createIntegrationsTestKernel([newrelicPlugin as ServerPlugin<DepsMap>], { config: { plugins: [{ id: 'newrelic', settings: { euApiUrl: 'insights.eu.example.test' } }] } })).rejects.toThrow(
      /Plugin "newrelic" has invalid settings .*"euApiUrl"/,
    );
  });
});
