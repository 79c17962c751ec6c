import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationFailure } from '@cassette/plugin-sdk/server';
import { contributing, createIntegrationsTestKernel, fakeLogSource, startToolStandIn, type IntegrationsTestKernel, type ToolStandIn } from '../../testing/index.js';

const START = Date.UTC(2026, 10, 20, 10, 0, 0);
const DURATION = 5 * 60_000;
const TOKEN = 'tok-0123456789-abcd';

describe('GET /sessions2/{id}/backend_logs', () => {
  let t: IntegrationsTestKernel;
  let tool: ToolStandIn;
  let projectId: number;
  let tenantId: number;
  let owner: string;
  let sessionId: string;
  const api = fakeLogSource('apilogs', 'API Logs');
  const worker = fakeLogSource('workerlogs', 'Worker Logs');
  const broken = fakeLogSource('brokenlogs', 'Broken Logs');
  const buggy = fakeLogSource('buggylogs', 'Buggy Logs');
  const idle = fakeLogSource('idlelogs', 'Idle Logs');
  const logsOf = (token = owner, id = sessionId) => t.request('GET', `/api/${projectId}/sessions2/${id}/backend_logs`, { token });

  beforeAll(async () => {
    tool = await startToolStandIn();
    t = await createIntegrationsTestKernel([contributing('faketools', { logSources: [api, worker, broken, buggy, idle] })], { env: { CASSETTE_OUTBOUND_ALLOW_HOSTS: tool.hostPort } });
    const tenant = await t.createTenant();
    ({ projectId, tenantId } = tenant);
    owner = tenant.owner.token;
    sessionId = await t.recordSession(projectId, tenantId, { startedAt: START, durationMs: DURATION, userId: 'ada@example.test' });
    for (const name of ['apilogs', 'workerlogs', 'brokenlogs', 'buggylogs']) {
      const res = await t.request('POST', `/api/${projectId}/integrations/${name}`, { token: owner, body: { config: { url: tool.url, token: TOKEN } } });
      expect(res.status).toBe(200);
    }
    // Saved, then its check failed: not connected, so not asked.
    expect((await t.request('POST', `/api/${projectId}/integrations/idlelogs`, { token: owner, body: { config: { url: tool.url, token: TOKEN } } })).status).toBe(200);
    tool.status = 401;
    await t.request('POST', `/api/${projectId}/integrations/idlelogs/check`, { token: owner });
    tool.status = 200;
  });
  afterAll(async () => {
    await t?.close();
    await tool?.close();
  });

  it('merges the lines of every connected source by time and numbers them, each failing source reported beside them', async () => {
    api.lines = [
      { time: START + 5_000, name: 'api', message: `GET /cart cassetteSessionId=${sessionId}`, payload: { status: 200 }, level: 'info' },
      { time: START + 1_000, name: 'api', message: 'POST /login', payload: null, level: 'debug' },
      { time: START - 120_000, name: 'api', message: 'before the window', payload: null, level: 'info' },
    ];
    worker.lines = [
      { time: START + 3_000, name: 'worker', message: 'charge failed', payload: { order: 7 }, level: 'error' },
      { time: START - 30_000, name: 'worker', message: 'warm-up', payload: null, level: 'warn' },
    ];
    broken.failure = integrationFailure('rate_limited', 'Broken Logs asked to slow down: try again in a minute.', 60);
    buggy.failure = new TypeError("Cannot read properties of undefined (reading 'hits')");

    const res = await logsOf();
    expect(res.status).toBe(200);
    expect(res.body.data.lines.map((l: { index: number; source: string; message: string }) => [l.index, l.source, l.message])).toEqual([
      [0, 'workerlogs', 'warm-up'],
      [1, 'apilogs', 'POST /login'],
      [2, 'workerlogs', 'charge failed'],
      [3, 'apilogs', `GET /cart cassetteSessionId=${sessionId}`],
    ]);
    expect(res.body.data.lines[1]).toEqual({ time: START + 1_000, index: 1, name: 'api', message: 'POST /login', payload: null, source: 'apilogs', level: 'debug' });
    expect(res.body.data.failures).toEqual([
      { source: 'brokenlogs', message: 'Broken Logs asked to slow down: try again in a minute.' },
      { source: 'buggylogs', message: 'Buggy Logs failed while reading the logs; the error is in the server log.' },
    ]);
    expect(idle.queries).toEqual([]);
  });

  it('asks each source for the session, its user and its window with a minute either side, with the secrets in clear', async () => {
    const query = api.queries.at(-1)!;
    expect(query).toEqual({ sessionId, userId: 'ada@example.test', from: START - 60_000, to: START + DURATION + 60_000, limit: 1_000 });
    expect(api.configs.at(-1)).toMatchObject({ url: tool.url, token: TOKEN, index: '*log*' });
  });

  it('answers empty lists when no log source is connected', async () => {
    const other = await t.createTenant();
    const id = await t.recordSession(other.projectId, other.tenantId, { startedAt: START, durationMs: 1_000 });
    const res = await t.request('GET', `/api/${other.projectId}/sessions2/${id}/backend_logs`, { token: other.owner.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ lines: [], failures: [] });
  });

  it('wants Developer Tools besides Session Replay, and a session of the project', async () => {
    const replayOnly = await t.createMember(tenantId, { permissions: ['SESSION_REPLAY'] });
    const refused = await logsOf(replayOnly.token);
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0]).toContain('Developer Tools');
    const devtools = await t.createMember(tenantId, { permissions: ['SESSION_REPLAY', 'DEV_TOOLS'] });
    expect((await logsOf(devtools.token)).status).toBe(200);
    expect((await logsOf(owner, '1234567890123456789')).status).toBe(404);
    const other = await t.createTenant();
    expect((await t.request('GET', `/api/${other.projectId}/sessions2/${sessionId}/backend_logs`, { token: other.owner.token })).status).toBe(404);
  });
});
