import { describe, expect, it } from 'vitest';
import type { LogSource, TicketProvider } from './api.js';
import { contributing, createIntegrationsTestKernel, fakeLogSource, fakeTicketProvider } from './testing/index.js';

/** Boots with the given contributions; answers the boot error's message, or null when it booted. */
async function bootError(...plugins: ReturnType<typeof contributing>[]): Promise<string | null> {
  try {
    const t = await createIntegrationsTestKernel(plugins);
    await t.close();
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('the integrations plugin at boot', () => {
  it('boots with well-formed contributions and lists them', async () => {
    const t = await createIntegrationsTestKernel([contributing('faketools', { logSources: [fakeLogSource()], ticketProviders: [fakeTicketProvider()] })]);
    try {
      const { projectId, owner } = await t.createTenant();
      const res = await t.request('GET', `/api/${projectId}/integration/sources`, { token: owner.token });
      expect(res.body.data.map((s: { key: string }) => s.key)).toEqual(['fakelogs', 'faketickets']);
    } finally {
      await t.close();
    }
  });

  it('refuses a second contribution with the same id, naming both plugins', async () => {
    const message = await bootError(contributing('sentryOne', { logSources: [fakeLogSource('sentry')] }), contributing('sentryTwo', { logSources: [fakeLogSource('sentry')] }));
    expect(message).toMatch(/sentry/);
    expect(message).toContain('sentryOne');
    expect(message).toContain('sentryTwo');
  });

  it('refuses a log source and a ticket provider sharing an id (the routes’ {name})', async () => {
    const message = await bootError(contributing('logsPlugin', { logSources: [fakeLogSource('jira')] }), contributing('ticketsPlugin', { ticketProviders: [fakeTicketProvider('jira')] }));
    expect(message).toBe('Integration id "jira" is taken twice: a log source of plugin "logsPlugin" and a ticket provider of plugin "ticketsPlugin"; give one of them another id');
  });

  it('refuses contributions it could not store, show or call, saying what is wrong', async () => {
    const cases: [LogSource | TicketProvider, 'logs' | 'tickets', string][] = [
      [{ ...fakeLogSource(), id: 'Not An Id' }, 'logs', 'The log source "Not An Id" of plugin "broken" has no valid id'],
      [{ ...fakeLogSource(), fetchLogs: undefined } as unknown as LogSource, 'logs', 'The log source "fakelogs" of plugin "broken" lacks fetchLogs()'],
      [{ ...fakeLogSource(), setupGuide: '' }, 'logs', 'The log source "fakelogs" of plugin "broken" has no setupGuide'],
      [{ ...fakeTicketProvider(), comment: undefined, getTicket: undefined } as unknown as TicketProvider, 'tickets', 'The ticket provider "faketickets" of plugin "broken" lacks getTicket(), comment()'],
      [{ ...fakeLogSource(), fields: [{ key: 'token', label: 'Token', kind: 'password', required: true }] } as unknown as LogSource, 'logs', 'has field "token" of unknown kind "password"'],
      [{ ...fakeLogSource(), fields: [{ key: 'token', label: 'Token', kind: 'secret', required: true, default: 'x' }] }, 'logs', 'has secret field "token" with a default'],
      [{ ...fakeLogSource(), fields: [{ key: 'region', label: 'Region', kind: 'select', required: true }] }, 'logs', 'has select field "region" without options'],
      [{ ...fakeLogSource(), fields: [{ key: 'a', label: 'A', kind: 'text', required: true }, { key: 'a', label: 'A', kind: 'text', required: true }] }, 'logs', 'has two fields keyed "a"'],
      [{ ...fakeLogSource(), fields: [{ key: 'port', label: 'Port', kind: 'number', required: true, default: '9200' }] }, 'logs', 'has field "port" whose default is not a number'],
    ];
    for (const [contribution, kind, expected] of cases) {
      const plugin = contributing('broken', kind === 'logs' ? { logSources: [contribution as LogSource] } : { ticketProviders: [contribution as TicketProvider] });
      expect(await bootError(plugin)).toContain(expected);
    }
  });
});
