import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationFailure } from '@cassette/plugin-sdk/server';
import { contributing, createIntegrationsTestKernel, fakeTicketProvider, startToolStandIn, type IntegrationsTestKernel, type ToolStandIn } from '../../testing/index.js';

const START = Date.UTC(2026, 10, 20, 10, 0, 0);
const TOKEN = 'tok-0123456789-abcd';

describe('tickets from sessions', () => {
  let t: IntegrationsTestKernel;
  let tool: ToolStandIn;
  let projectId: number;
  let tenantId: number;
  let owner: string;
  let replay: string;
  let sessionId: string;
  const tracker = fakeTicketProvider('tracker', 'Tracker');
  const newer = fakeTicketProvider('newer', 'Newer Tracker');
  const base = () => `/api/${projectId}/sessions2/${sessionId}/assign`;
  const create = (body: Record<string, unknown>, project = 'WEB') => t.request('POST', `${base()}/projects/${project}`, { token: replay, body });
  const link = () => `https://app.example.test/${projectId}/session/${sessionId}?jumpto=12000`;

  beforeAll(async () => {
    tool = await startToolStandIn();
    t = await createIntegrationsTestKernel([contributing('faketrackers', { ticketProviders: [tracker, newer] })], { env: { CASSETTE_OUTBOUND_ALLOW_HOSTS: tool.hostPort } });
    const tenant = await t.createTenant();
    ({ projectId, tenantId } = tenant);
    owner = tenant.owner.token;
    replay = (await t.createMember(tenantId, { permissions: ['SESSION_REPLAY'] })).token;
    sessionId = await t.recordSession(projectId, tenantId, { startedAt: START, durationMs: 60_000 });
  });
  afterAll(async () => {
    await t?.close();
    await tool?.close();
  });

  it('says how to connect an issue tracker while none is', async () => {
    const res = await t.request('GET', `/api/${projectId}/integrations/issues/list_projects`, { token: replay });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toContain('No issue tracker is connected to this project');
    expect((await create({ issueTypeId: 'bug', title: 'Broken cart', description: link() })).status).toBe(400);
  });

  it('lists the tracker’s projects with their issue types', async () => {
    expect((await t.request('POST', `/api/${projectId}/integrations/tracker`, { token: owner, body: { config: { url: tool.url, token: TOKEN } } })).status).toBe(200);
    const res = await t.request('GET', `/api/${projectId}/integrations/issues/list_projects`, { token: replay });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      provider: 'tracker',
      projects: [
        { id: 'WEB', name: 'Website', issueTypes: [{ id: 'bug', name: 'Bug' }, { id: 'task', name: 'Task' }] },
        { id: 'APP', name: 'Mobile app', issueTypes: [{ id: 'bug', name: 'Bug' }] },
      ],
    });
  });

  it('refuses a ticket without a valid title or description', async () => {
    const cases: [Record<string, unknown>, number][] = [
      [{ issueTypeId: 'bug', title: '', description: link() }, 400],
      [{ issueTypeId: 'bug', title: '   ', description: link() }, 400],
      [{ issueTypeId: 'bug', title: 'x'.repeat(256), description: link() }, 400],
      [{ issueTypeId: 'bug', title: 'Broken cart', description: 'x'.repeat(10_001) }, 400],
      [{ issueTypeId: '', title: 'Broken cart', description: link() }, 400],
      [{ title: 'Broken cart', description: link() }, 400],
    ];
    for (const [body, status] of cases) expect((await create(body)).status, JSON.stringify(body).slice(0, 80)).toBe(status);
    expect((await create({ issueTypeId: 'bug', title: '   ', description: link() })).body.errors[0]).toBe('Title is required.');
    expect(tracker.created).toEqual([]);
  });

  it('creates a ticket in the tool and remembers it for the session', async () => {
    const res = await create({ issueTypeId: 'bug', title: ' Broken cart ', description: `The cart empties.\n${link()}` });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: 'WEB-1', projectId: 'WEB', title: 'Broken cart', issueType: 'Bug', assignee: null, closed: false, url: `${tool.url}/browse/WEB-1` });
    expect(tracker.created).toEqual([{ projectId: 'WEB', issueTypeId: 'bug', title: 'Broken cart', description: `The cart empties.\n${link()}` }]);
    expect((await create({ issueTypeId: 'bug', title: 'Nowhere', description: link() }, 'NOPE')).body.errors[0]).toBe('Tracker has no project NOPE.');
    expect((await t.request('POST', `/api/${projectId}/sessions2/1234567890123456789/assign/projects/WEB`, { token: replay, body: { issueTypeId: 'bug', title: 'x', description: 'y' } })).status).toBe(404);
  });

  it('comments on the session’s ticket and shows it with its activities', async () => {
    const comment = await t.request('POST', `${base()}/WEB-1/comment`, { token: replay, body: { message: 'Seen again on mobile' } });
    expect(comment.status).toBe(200);
    expect(comment.body.data).toMatchObject({ type: 'comment', message: 'Seen again on mobile' });
    const one = await t.request('GET', `${base()}/WEB-1`, { token: replay });
    expect(one.status).toBe(200);
    expect(one.body.data.activities.map((a: { type: string }) => a.type)).toEqual(['created', 'comment']);
    const byId = await t.request('GET', `/api/${projectId}/integrations/issues/WEB-1`, { token: replay });
    expect(byId.body.data.commentsCount).toBe(1);
    expect((await t.request('GET', `${base()}/WEB-99`, { token: replay })).status).toBe(404);
    expect((await t.request('POST', `${base()}/WEB-1/comment`, { token: replay, body: { message: '  ' } })).status).toBe(400);
  });

  it('lists the session’s tickets as the tool has them now, else as they were created', async () => {
    const fresh = await t.request('GET', base(), { token: replay });
    expect(fresh.status).toBe(200);
    expect(fresh.body.data).toHaveLength(1);
    expect(fresh.body.data[0]).toMatchObject({ id: 'WEB-1', commentsCount: 1, issueType: 'Bug' });

    tracker.failure = integrationFailure('unreachable', 'Tracker could not be reached.');
    try {
      const remembered = await t.request('GET', base(), { token: replay });
      expect(remembered.status).toBe(200);
      expect(remembered.body.data).toEqual([
        { id: 'WEB-1', projectId: 'WEB', title: 'Broken cart', description: '', issueType: '', assignee: null, closed: false, commentsCount: 0, timestamp: expect.any(Number), url: `${tool.url}/browse/WEB-1` },
      ]);
      const one = await t.request('GET', `${base()}/WEB-1`, { token: replay });
      expect(one.status).toBe(400);
      expect(one.body.errors[0]).toBe('Tracker could not be reached.');
    } finally {
      tracker.failure = null;
    }
  });

  it('creates tickets in the tracker saved most recently', async () => {
    expect((await t.request('POST', `/api/${projectId}/integrations/newer`, { token: owner, body: { config: { url: tool.url, token: TOKEN } } })).status).toBe(200);
    expect((await t.request('GET', `/api/${projectId}/integrations/issues/list_projects`, { token: replay })).body.data.provider).toBe('newer');
    const res = await create({ issueTypeId: 'task', title: 'Slow checkout', description: link() });
    expect(res.body.data.id).toBe('WEB-1');
    expect(newer.created).toHaveLength(1);
    // Both tickets are listed, each from its own tracker.
    const listed = await t.request('GET', base(), { token: replay });
    expect(listed.body.data.map((x: { title: string; issueType: string }) => [x.title, x.issueType])).toEqual([
      ['Broken cart', 'Bug'],
      ['Slow checkout', 'Task'],
    ]);
  });

  it('wants Session Replay', async () => {
    const none = await t.createMember(tenantId, { permissions: [] });
    expect((await t.request('GET', base(), { token: none.token })).status).toBe(403);
    expect((await t.request('GET', `/api/${projectId}/integrations/issues/list_projects`, { token: none.token })).status).toBe(403);
  });
});
