import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreServices, sql } from '@cassette/plugin-sdk/server';
import { contributing, createIntegrationsTestKernel, fakeLogSource, fakeTicketProvider, startToolStandIn, type IntegrationsTestKernel, type ToolStandIn } from '../../testing/index.js';

const TOKEN = 'tok-0123456789-abcd';

describe('integration settings routes', () => {
  let t: IntegrationsTestKernel;
  let tool: ToolStandIn;
  let projectId: number;
  let tenantId: number;
  let owner: string;
  const logs = fakeLogSource();
  const tickets = fakeTicketProvider();
  const save = (config: Record<string, unknown>, name = 'fakelogs') => t.request('POST', `/api/${projectId}/integrations/${name}`, { token: owner, body: { config } });
  const state = async (name = 'fakelogs') => (await t.request('GET', `/api/${projectId}/integrations/${name}`, { token: owner })).body.data;

  beforeAll(async () => {
    tool = await startToolStandIn();
    t = await createIntegrationsTestKernel([contributing('faketools', { logSources: [logs], ticketProviders: [tickets] })], { env: { CASSETTE_OUTBOUND_ALLOW_HOSTS: tool.hostPort } });
    const tenant = await t.createTenant();
    ({ projectId, tenantId } = tenant);
    owner = tenant.owner.token;
  });
  afterAll(async () => {
    await t?.close();
    await tool?.close();
  });

  it('lists the installed tools with their forms, none set up yet', async () => {
    const res = await t.request('GET', `/api/${projectId}/integration/sources`, { token: owner });
    expect(res.status).toBe(200);
    expect(res.body.data.map((s: { key: string; kind: string; configured: boolean }) => [s.key, s.kind, s.configured])).toEqual([
      ['fakelogs', 'logs', false],
      ['faketickets', 'tickets', false],
    ]);
    expect(res.body.data[0].setupGuide).toContain('cassetteSessionId');
    expect(res.body.data[0].fields.map((f: { key: string }) => f.key)).toEqual(['url', 'token', 'index']);
    expect(await state()).toBeNull();
  });

  it('refuses a configuration with the field’s message and saves nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ url: tool.url }, 'Token is required.'],
      [{ url: tool.url, token: '   ' }, 'Token is required.'],
      [{ url: tool.url, token: 'short' }, 'Token must be at least 8 characters.'],
      [{ url: 'ftp://tool.example.com', token: TOKEN }, 'Address must be an http(s) address, like https://example.com.'],
      [{ url: tool.url, token: TOKEN, colour: 'red' }, 'Fake Logs has no field "colour".'],
      [{ url: tool.url, token: '••••abcd' }, 'Token: enter the whole value again.'],
    ];
    for (const [config, message] of cases) {
      const res = await save(config);
      expect(res.status, JSON.stringify(config)).toBe(400);
      expect(res.body.errors[0]).toBe(message);
    }
    expect(tool.requests).toEqual([]);
    expect(await state()).toBeNull();
    expect((await t.request('POST', `/api/${projectId}/integrations/nosuchtool`, { token: owner, body: { config: {} } })).status).toBe(404);
  });

  it('answers odd configurations with a 400, never a 500, and saves nothing', async () => {
    const odd: unknown[] = [
      { url: tool.url, token: { $gt: '' } },
      { url: tool.url, token: [TOKEN] },
      { url: tool.url, token: null },
      JSON.parse(`{"url":"${tool.url}","token":"${TOKEN}","__proto__":{"admin":true}}`),
      { url: tool.url, token: TOKEN, constructor: 'x' },
      { url: 'javascript:alert(1)', token: TOKEN },
      { url: `${tool.url}/${'x'.repeat(2_100)}`, token: TOKEN },
      'not an object',
    ];
    for (const config of odd) {
      const res = await t.request('POST', `/api/${projectId}/integrations/fakelogs`, { token: owner, body: { config } });
      expect(res.status, JSON.stringify(config).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(config).slice(0, 80)).toBeLessThan(500);
      expect(res.body.errors.length).toBeGreaterThan(0);
    }
    expect(await state()).toBeNull();
  });

  it('saves a configuration that passes its check: defaults applied, the secret sealed at rest and masked on the way out', async () => {
    const res = await save({ url: tool.url, token: TOKEN, index: '' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'fakelogs', projectId, config: { url: tool.url, token: '••••abcd', index: '*log*' }, connected: true, lastError: null });
    expect(typeof res.body.data.checkedAt).toBe('number');
    expect(tool.requests.at(-1)).toEqual({ method: 'GET', path: '/check', authorization: `Bearer ${TOKEN}` });
    expect(await state()).toEqual(res.body.data);

    const rows = await t.kernel.resolve(coreServices.database).sql(sql`select * from integrations_configs where project_id = ${projectId}`);
    expect(JSON.stringify(rows)).not.toContain(TOKEN);
    expect(t.kernel.resolve(coreServices.secrets).decrypt((rows[0] as { secrets: Record<string, string> }).secrets.token!)).toBe(TOKEN);

    const sources = await t.request('GET', `/api/${projectId}/integration/sources`, { token: owner });
    expect(sources.body.data[0]).toMatchObject({ key: 'fakelogs', configured: true, connected: true });
  });

  it('marks the onboarding task "Integrations" done once a tool is saved', async () => {
    const boarding = await t.request('GET', '/api/boarding', { token: owner });
    expect(boarding.body.data.find((task: { task: string }) => task.task === 'Integrations').done).toBe(true);
    const other = await t.createTenant();
    const untouched = await t.request('GET', '/api/boarding', { token: other.owner.token });
    expect(untouched.body.data.find((task: { task: string }) => task.task === 'Integrations').done).toBe(false);
    expect(other.tenantId).not.toBe(tenantId);
  });

  it('keeps the stored secret when the form sends it back masked', async () => {
    const res = await save({ url: tool.url, token: '••••abcd', index: 'app-*' });
    expect(res.status).toBe(200);
    expect(res.body.data.config).toEqual({ url: tool.url, token: '••••abcd', index: 'app-*' });
    expect(tool.requests.at(-1)!.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('refuses a configuration the tool refuses, with the tool’s words, and keeps the saved one', async () => {
    tool.status = 401;
    try {
      const res = await save({ url: tool.url, token: 'another-token-9999' });
      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toBe('Fake Logs refused the token: check that it is still valid.');
      expect((await state()).config.index).toBe('app-*');
    } finally {
      tool.status = 200;
    }
  });

  it('checks the saved configuration again and records the outcome', async () => {
    tool.status = 403;
    const failed = await t.request('POST', `/api/${projectId}/integrations/fakelogs/check`, { token: owner });
    tool.status = 200;
    expect(failed.status).toBe(200);
    expect(failed.body.data).toMatchObject({ connected: false, lastError: 'Fake Logs refused the token: check that it is still valid.' });
    expect((await t.request('GET', `/api/${projectId}/integration/sources`, { token: owner })).body.data[0].connected).toBe(false);
    const passed = await t.request('POST', `/api/${projectId}/integrations/fakelogs/check`, { token: owner });
    expect(passed.body.data).toMatchObject({ connected: true, lastError: null });
    expect((await t.request('POST', `/api/${projectId}/integrations/faketickets/check`, { token: owner })).status).toBe(404);
  });

  it('says the tool did not answer, and in how long, when it hangs', async () => {
    tool.hang = true;
    logs.checkTimeoutMs = 300;
    try {
      const res = await save({ url: tool.url, token: TOKEN });
      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toBe('Fake Logs did not answer in 0.3 s. Check the address, or try again later.');
    } finally {
      tool.hang = false;
      logs.checkTimeoutMs = undefined;
    }
  });

  it('lets admins only read and change settings', async () => {
    const member = await t.createMember(tenantId, { permissions: ['SESSION_REPLAY', 'DEV_TOOLS'] });
    expect((await t.request('GET', `/api/${projectId}/integrations/fakelogs`, { token: member.token })).status).toBe(403);
    expect((await t.request('POST', `/api/${projectId}/integrations/fakelogs`, { token: member.token, body: { config: { url: tool.url, token: TOKEN } } })).status).toBe(403);
    expect((await t.request('GET', `/api/${projectId}/integration/sources`, { token: member.token })).status).toBe(200);
  });

  it('forgets a configuration', async () => {
    const res = await t.request('DELETE', `/api/${projectId}/integrations/fakelogs`, { token: owner });
    expect(res.status).toBe(200);
    expect(await state()).toBeNull();
    const rows = await t.kernel.resolve(coreServices.database).sql(sql`select name from integrations_configs where project_id = ${projectId}`);
    expect(rows).toEqual([]);
    expect((await t.request('DELETE', `/api/${projectId}/integrations/fakelogs`, { token: owner })).status).toBe(404);
  });
});

describe('a tool at an address that is not public', () => {
  it('is refused by the outbound client, and the user reads why', async () => {
    const tool = await startToolStandIn();
    const t = await createIntegrationsTestKernel([contributing('faketools', { logSources: [fakeLogSource()] })]);
    try {
      const { projectId, owner } = await t.createTenant();
      const res = await t.request('POST', `/api/${projectId}/integrations/fakelogs`, { token: owner.token, body: { config: { url: tool.url, token: TOKEN } } });
      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toContain(`${tool.hostPort} is not a public address`);
      expect(res.body.errors[0]).toContain('CASSETTE_OUTBOUND_ALLOW_HOSTS');
      expect(tool.requests).toEqual([]);
      expect((await t.request('GET', `/api/${projectId}/integrations/fakelogs`, { token: owner.token })).body.data).toBeNull();
    } finally {
      await t.close();
      await tool.close();
    }
  });
});
