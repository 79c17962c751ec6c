import { afterAll, describe, expect, it } from 'vitest';
import { definePlugin, type DepsMap, type ServerPlugin } from '@cassette/plugin-sdk/server';
import type { TestKernel } from '@cassette/plugin-sdk/testing';
import { integrationsExtensionPoints } from '@cassette/plugin-integrations/api';
import { contributionsOf, createIntegrationsTestKernel } from '@cassette/plugin-integrations/testing';
import jiraPlugin from './server.js';
import { jiraTicketProvider } from './server/jira-provider.js';

describe('jira plugin boot', () => {
  let t: TestKernel | undefined;
  afterAll(async () => t?.close());

  it("fills the integrations plugin's ticket-provider point with the 'jira' provider", async () => {
    t = await createIntegrationsTestKernel([jiraPlugin as ServerPlugin<DepsMap>]);
    expect(contributionsOf(t).ticketProviders.map((c) => [c.plugin, c.value.id, c.value.label])).toEqual([['jira', 'jira', 'Jira']]);
  });

  it('is refused at boot beside another provider with its id', async () => {
    const impostor = definePlugin({ id: 'impostor', register: (r) => r.extend(integrationsExtensionPoints.ticketProviders, { ...jiraTicketProvider, label: 'Not Jira' }) });
    const boot = createIntegrationsTestKernel([jiraPlugin as ServerPlugin<DepsMap>, impostor as ServerPlugin<DepsMap>]);
    await expect(boot).rejects.toThrow(/"jira".*"impostor"|"impostor".*"jira"/);
  });
});
