import { afterEach, describe, expect, it } from 'vitest';
import { definePlugin, type DepsMap, type ServerPlugin } from '@cassette/plugin-sdk/server';
import { createTestKernel, type TestKernel } from '@cassette/plugin-sdk/testing';
import { integrationsExtensionPoints, type LogSource } from '@cassette/plugin-integrations/api';
import { contributionsOf, createIntegrationsTestKernel, jsonAnswer, offlineContext } from '@cassette/plugin-integrations/testing';
import stackdriverPlugin from './server.js';
import { createTestServiceAccount } from './testing/service-account-key.js';

describe('stackdriver plugin boot', () => {
  const kernels: TestKernel[] = [];
  afterEach(async () => {
    for (const t of kernels.splice(0)) await t.close();
  });

  it('fills the log-source point of the integrations plugin, built for the configured endpoint', async () => {
    const t = await createIntegrationsTestKernel([stackdriverPlugin as ServerPlugin<DepsMap>], { config: { plugins: [{ id: 'stackdriver', settings: { apiUrl: 'https://logging.example.test' } }] } });
    kernels.push(t);
    // What the real owner accepted and serves.
    const contributed = contributionsOf(t).logSources;
    expect(t.kernel.pluginOrder.indexOf('integrations')).toBeLessThan(t.kernel.pluginOrder.indexOf('stackdriver'));
    expect(contributed.map((c) => [c.plugin, c.value.id, c.value.label])).toEqual([['stackdriver', 'stackdriver', 'Google Cloud Logging']]);
    expect(contributed[0]!.value.setupGuide).toContain('cassetteSessionId=<id>');
    // What the contribution calls: the key's token URI, then the configured API URL, not Google's own.
    const account = createTestServiceAccount({ projectId: 'shop-prod', tokenUri: 'https://oauth2.example.test/token' });
    const { ctx, urls } = offlineContext(t, (url) => (url === 'https://oauth2.example.test/token' ? jsonAnswer(url, { access_token: 'ya29.t', expires_in: 3599, token_type: 'Bearer' }) : undefined));
    await expect(contributed[0]!.value.checkConnection({ logName: 'backend', serviceAccountCredentials: account.keyFile }, ctx)).rejects.toMatchObject({ integrationFailure: 'unreachable' });
    expect(urls).toEqual(['https://oauth2.example.test/token', 'https://logging.example.test/v2/entries:list']);
  });

  it('is refused at boot without the integrations plugin, and beside another source with its id', async () => {
    await expect(createTestKernel({ plugins: [stackdriverPlugin] as ServerPlugin<DepsMap>[] })).rejects.toThrow(/Plugin "stackdriver" needs plugin "integrations"/);
    const impostor = definePlugin({ id: 'impostor', register: (r) => r.extend(integrationsExtensionPoints.logSources, { id: 'stackdriver' } as LogSource) });
    await expect(createIntegrationsTestKernel([stackdriverPlugin, impostor] as ServerPlugin<DepsMap>[])).rejects.toThrow(/"stackdriver" to "integrations.logSources" twice; ids must be unique/);
  });

  it('refuses an API URL setting that is not a URL', async () => {
    await expect(createIntegrationsTestKernel([stackdriverPlugin as ServerPlugin<DepsMap>], { config: { plugins: [{ id: 'stackdriver', settings: { apiUrl: 'logging.example.test' } }] } })).rejects.toThrow(
      /Plugin "stackdriver" has invalid settings .*"apiUrl"/,
    );
  });
});
