import { afterAll, describe, expect, it } from 'vitest';
import { definePlugin, type DepsMap, type ServerPlugin } from '@cassette/plugin-sdk/server';
import { createTestKernel, type TestKernel } from '@cassette/plugin-sdk/testing';
import { integrationsExtensionPoints, type TicketProvider } from '@cassette/plugin-integrations/api';
import { integrationsPlugin } from '@cassette/plugin-integrations/testing';
import jiraPlugin from './server.js';
import { jiraTicketProvider } from './server/jira-provider.js';

/** The integrations plugin as it boots, also handing over what was contributed to its ticket-provider point. */
function integrationsSeeing(seen: { plugin: string; value: TicketProvider }[]): ServerPlugin<DepsMap> {
  const owner = integrationsPlugin as ServerPlugin<DepsMap>;
  return {
    ...owner,
    start: (ctx) => {
      seen.push(...ctx.contributions(integrationsExtensionPoints.ticketProviders));
      return owner.start?.(ctx);
    },
  };
}

describe('jira plugin boot', () => {
  let t: TestKernel | undefined;
  afterAll(async () => t?.close());

  it("fills the integrations plugin's ticket-provider point with the 'jira' provider", async () => {
    const seen: { plugin: string; value: TicketProvider }[] = [];
    t = await createTestKernel({ plugins: [integrationsSeeing(seen), jiraPlugin as ServerPlugin<DepsMap>] });
    expect(seen.map((c) => [c.plugin, c.value.id, c.value.label])).toEqual([['jira', 'jira', 'Jira']]);
  });

  it('is refused at boot beside another provider with its id', async () => {
    const impostor = definePlugin({ id: 'impostor', register: (r) => r.extend(integrationsExtensionPoints.ticketProviders, { ...jiraTicketProvider, label: 'Not Jira' }) });
    const boot = createTestKernel({ plugins: [integrationsPlugin as ServerPlugin<DepsMap>, jiraPlugin as ServerPlugin<DepsMap>, impostor as ServerPlugin<DepsMap>] });
    await expect(boot).rejects.toThrow(/"jira".*"impostor"|"impostor".*"jira"/);
  });
});
