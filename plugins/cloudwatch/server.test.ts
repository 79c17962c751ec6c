import { afterEach, describe, expect, it } from 'vitest';
import { definePlugin, type DepsMap, type ServerPlugin } from '@cassette/plugin-sdk/server';
import { createTestKernel, type TestKernel } from '@cassette/plugin-sdk/testing';
import { integrationsExtensionPoints, type LogSource } from '@cassette/plugin-integrations/api';
import { contributionsOf, createIntegrationsTestKernel, offlineContext } from '@cassette/plugin-integrations/testing';
import cloudwatchPlugin from './server.js';

describe('cloudwatch plugin boot', () => {
  const kernels: TestKernel[] = [];
  afterEach(async () => {
    for (const t of kernels.splice(0)) await t.close();
  });

  it('fills the log-source point of the integrations plugin, built for the configured endpoint', async () => {
    const t = await createIntegrationsTestKernel([cloudwatchPlugin as ServerPlugin<DepsMap>], { config: { plugins: [{ id: 'cloudwatch', settings: { endpoint: 'https://logs.{region}.example.test' } }] } });
    kernels.push(t);
    // What the real owner accepted and serves.
    const contributed = contributionsOf(t).logSources;
    expect(t.kernel.pluginOrder.indexOf('integrations')).toBeLessThan(t.kernel.pluginOrder.indexOf('cloudwatch'));
    expect(contributed.map((c) => [c.plugin, c.value.id, c.value.label])).toEqual([['cloudwatch', 'cloudwatch', 'CloudWatch']]);
    expect(contributed[0]!.value.setupGuide).toContain('cassetteSessionId=<id>');
    // What the contribution calls: the configured endpoint, not the tool's own host.
    const { ctx, urls } = offlineContext(t);
    await expect(contributed[0]!.value.checkConnection({ awsAccessKeyId: 'AKIAIOSFODNN7EXAMPLE', awsSecretAccessKey: 'secret', logGroupName: '/shop/api', region: 'eu-west-1' }, ctx)).rejects.toMatchObject({ integrationFailure: 'unreachable' });
    expect(urls).toEqual(['https://logs.eu-west-1.example.test/']);
  });

  it('is refused at boot without the integrations plugin, and beside another source with its id', async () => {
    await expect(createTestKernel({ plugins: [cloudwatchPlugin] as ServerPlugin<DepsMap>[] })).rejects.toThrow(/Plugin "cloudwatch" needs plugin "integrations"/);
    const impostor = definePlugin({ id: 'impostor', register: (r) => r.extend(integrationsExtensionPoints.logSources, { id: 'cloudwatch' } as LogSource) });
    await expect(createIntegrationsTestKernel([cloudwatchPlugin, impostor] as ServerPlugin<DepsMap>[])).rejects.toThrow(/"cloudwatch" to "integrations.logSources" twice; ids must be unique/);
  });

  it('refuses an endpoint setting that is not a URL', async () => {
    await expect(createIntegrationsTestKernel([cloudwatchPlugin as ServerPlugin<DepsMap>], { config: { plugins: [{ id: 'cloudwatch', settings: { endpoint: 'logs.example.test' } }] } })).rejects.toThrow(
      /Plugin "cloudwatch" has invalid settings .*"endpoint"/,
    );
  });
});
