import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreEvents, coreServices, sql, trusted } from '@cassette/plugin-sdk/server';
import { sessionsEvents } from '@cassette/plugin-sessions/api';
import { contributing, createIntegrationsTestKernel, fakeLogSource, fakeTicketProvider, startToolStandIn, type IntegrationsTestKernel, type ToolStandIn } from '../testing/index.js';

const START = Date.UTC(2026, 10, 20, 10, 0, 0);

describe('what the integrations plugin forgets', () => {
  let t: IntegrationsTestKernel;
  let tool: ToolStandIn;
  const count = async (table: 'integrations_configs' | 'integrations_tickets', projectId: number) =>
    (await t.kernel.resolve(coreServices.database).sql<{ n: number }>(sql`select count(*)::int as n from ${trusted(table)} where project_id = ${projectId}`))[0]!.n;

  /** A project with a saved tracker, a saved log source and one ticket on a session. */
  async function projectWithTicket(): Promise<{ tenantId: number; projectId: number; sessionId: string }> {
    const { tenantId, projectId, owner } = await t.createTenant();
    for (const name of ['fakelogs', 'faketickets']) {
      expect((await t.request('POST', `/api/${projectId}/integrations/${name}`, { token: owner.token, body: { config: { url: tool.url, token: 'tok-0123456789' } } })).status).toBe(200);
    }
    const sessionId = await t.recordSession(projectId, tenantId, { startedAt: START, durationMs: 1_000 });
    const created = await t.request('POST', `/api/${projectId}/sessions2/${sessionId}/assign/projects/WEB`, { token: owner.token, body: { issueTypeId: 'bug', title: 'Broken', description: 'link' } });
    expect(created.status).toBe(200);
    return { tenantId, projectId, sessionId };
  }

  beforeAll(async () => {
    tool = await startToolStandIn();
    t = await createIntegrationsTestKernel([contributing('faketools', { logSources: [fakeLogSource()], ticketProviders: [fakeTicketProvider()] })], { env: { CASSETTE_OUTBOUND_ALLOW_HOSTS: tool.hostPort } });
  });
  afterAll(async () => {
    await t?.close();
    await tool?.close();
  });

  it('forgets the tickets of deleted sessions', async () => {
    const { projectId, sessionId } = await projectWithTicket();
    expect(await count('integrations_tickets', projectId)).toBe(1);
    await t.kernel.resolve(coreServices.events).publish(sessionsEvents.deleted, { projectId, sessionIds: [sessionId] });
    expect(await count('integrations_tickets', projectId)).toBe(0);
    expect(await count('integrations_configs', projectId)).toBe(2);
  });

  it('forgets a deleted project’s configurations and tickets, and nothing of another project', async () => {
    const deleted = await projectWithTicket();
    const kept = await projectWithTicket();
    await t.kernel.resolve(coreServices.events).publish(coreEvents.projectDeleted, { tenantId: deleted.tenantId, projectId: deleted.projectId });
    expect(await count('integrations_configs', deleted.projectId)).toBe(0);
    expect(await count('integrations_tickets', deleted.projectId)).toBe(0);
    expect(await count('integrations_configs', kept.projectId)).toBe(2);
    expect(await count('integrations_tickets', kept.projectId)).toBe(1);
  });
});
