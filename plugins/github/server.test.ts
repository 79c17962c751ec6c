import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreServices, type DepsMap, type ServerPlugin } from '@cassette/plugin-sdk/server';
import type { TestKernel } from '@cassette/plugin-sdk/testing';
import type { TicketProvider } from '@cassette/plugin-integrations/api';
import { contributionsOf, createIntegrationsTestKernel } from '@cassette/plugin-integrations/testing';
import { startGithubStandIn, type GithubStandIn } from './testing/index.js';
import githubPlugin from './server.js';

describe('github plugin boot', () => {
  let t: TestKernel;
  let api: GithubStandIn;
  /** What the integrations plugin accepted at its ticket-provider point. */
  let seen: { plugin: string; value: TicketProvider }[];

  beforeAll(async () => {
    api = await startGithubStandIn({ token: 'ghp_boot' });
    t = await createIntegrationsTestKernel([githubPlugin as ServerPlugin<DepsMap>], {
      env: { CASSETTE_OUTBOUND_ALLOW_HOSTS: api.hostPort },
      config: { plugins: [{ id: 'github', settings: { apiUrl: `${api.url}/` } }] },
    });
    seen = contributionsOf(t).ticketProviders;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await api?.close();
  });

  it("fills the integrations plugin's ticket-provider point with the 'github' provider", () => {
    expect(seen.map((c) => [c.plugin, c.value.id, c.value.label])).toEqual([['github', 'github', 'GitHub']]);
  });

  it("calls the API at the operator's apiUrl setting", async () => {
    const ctx = { outboundHttp: t.kernel.resolve(coreServices.outboundHttp), log: t.kernel.resolve(coreServices.logger), now: () => Date.now() };
    await seen[0]!.value.checkConnection({ token: 'ghp_boot' }, ctx);
    expect(api.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /user']);
  });

  it('refuses an apiUrl that is not an http(s) URL at boot', async () => {
    await expect(createIntegrationsTestKernel([githubPlugin as ServerPlugin<DepsMap>], { config: { plugins: [{ id: 'github', settings: { apiUrl: 'api.github.com' } }] } })).rejects.toThrow(/github.*apiUrl/s);
  });
});
