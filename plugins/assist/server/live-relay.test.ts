import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@cassette/plugin-ingest/testing';
import { coreServices, sql } from '@cassette/plugin-sdk/server';
import type { TestUser } from '@cassette/plugin-sdk/testing';
import { createAssistTestKernel, openAgentSocket, openSocket, openVisitorSocket, type AssistTestKernel, type SocketClient } from '../testing/assist-test-kernel.js';

const fullSnapshot = (ts: number) => ({ type: 2, timestamp: ts, data: { node: { type: 0, childNodes: [], id: 1 }, initialOffset: { top: 0, left: 0 } } });
const mutationWithScript = (ts: number) => ({
  type: 3,
  timestamp: ts,
  data: { source: 0, texts: [], attributes: [{ id: 5, attributes: { onclick: 'steal()' } }], removes: [], adds: [{ parentId: 1, nextId: null, node: { type: 2, tagName: 'script', attributes: {}, childNodes: [], id: 9 } }] },
});

describe('assist: live sessions and the live channel', () => {
  let t: AssistTestKernel;
  let projectId: number;
  let tenantId: number;
  let owner: TestUser;
  let liveOnly: TestUser;
  let caller: TestUser;
  const sockets: SocketClient[] = [];
  const track = (s: SocketClient) => (sockets.push(s), s);

  beforeAll(async () => {
    t = await createAssistTestKernel();
    const tenant = await t.createTenant();
    ({ projectId, owner, tenantId } = tenant);
    liveOnly = await t.createMember(tenant.tenantId, { permissions: ['ASSIST_LIVE'] });
    caller = await t.createMember(tenant.tenantId, { permissions: ['ASSIST_LIVE', 'ASSIST_CALL'] });
  });
  afterAll(async () => {
    for (const s of sockets) s.ws.terminate();
    await t?.close();
  });

  const listed = async (query = '') => (await t.request('GET', `/api/${projectId}/assist/sessions${query}`, { token: owner.token })).body.data as { total: number; sessions: { sessionId: string; live: boolean }[] };

  it('lists a visitor whose tab is open, and finds it by what the live search filters', async () => {
    const visit = await t.startVisit(projectId, owner.token, { userId: 'live-ada' } as never);
    await t.sendBatch(visit, 0, [fullSnapshot(Date.now())]);
    const page = await eventually('the live session', async () => {
      const p = await listed();
      return p.sessions.some((s) => s.sessionId === visit.sessionId) ? p : undefined;
    });
    expect(page.sessions.find((s) => s.sessionId === visit.sessionId)?.live).toBe(true);
    expect((await listed('?url=shop.example.test')).sessions.map((s) => s.sessionId)).toContain(visit.sessionId);
    expect((await listed('?url=%2Fnowhere')).sessions.map((s) => s.sessionId)).not.toContain(visit.sessionId);
    expect((await listed('?userCountry=zz')).total).toBe(0);
    const one = await t.request('GET', `/api/${projectId}/assist/sessions/${visit.sessionId}`, { token: owner.token });
    expect([one.status, one.body.data.sessionId]).toEqual([200, visit.sessionId]);
  });

  it('answers a 404 that says what to do for a session that is not live, and a 400 for bad filters', async () => {
    const unknown = await t.request('GET', `/api/${projectId}/assist/sessions/1000000000000000001`, { token: owner.token });
    expect([unknown.status, unknown.body.errors]).toEqual([404, ['No session with this id in this project']]);
    const bad = await t.request('GET', `/api/${projectId}/assist/sessions?userCountry=France`, { token: owner.token });
    expect(bad.status).toBe(400);
    const socket = await t.request('GET', `/api/${projectId}/assist/sessions/1000000000000000001/socket`, { token: owner.token });
    expect([socket.status, socket.body.errors]).toEqual([426, ['This is a WebSocket endpoint: connect with a WebSocket client.']]);
  });

  it('streams the visitor’s DOM events to every watching agent while one watches, made inert, then sends the tracker back to batches', async () => {
    const visit = await t.startVisit(projectId, owner.token);
    expect((await t.sendBatch(visit, 0, [fullSnapshot(Date.now())])).hints).toBeUndefined();
    await eventually('the session row', async () => ((await listed()).sessions.some((s) => s.sessionId === visit.sessionId) ? true : undefined));

    const agentA = track(await openAgentSocket(t, projectId, visit.sessionId, owner.token));
    const agentB = track(await openAgentSocket(t, projectId, visit.sessionId, liveOnly.token));
    expect(await agentA.next<{ canCall: boolean }>((m) => m.type === 'hello', 'hello')).toMatchObject({ canCall: true });
    expect(await agentB.next<{ canCall: boolean }>((m) => m.type === 'hello', 'hello')).toMatchObject({ canCall: false });
    // The tracker learns it from the answer to the batch it sends anyway.
    expect((await t.sendBatch(visit, 1)).hints).toEqual({ assist: { watched: true } });

    const visitor = track(await openVisitorSocket(t, visit.token));
    await agentA.next((m) => m.type === 'visitor' && m.state === 'connected', 'visitor connected');
    const ts = Date.now();
    visitor.send({ type: 'events', events: [fullSnapshot(ts), mutationWithScript(ts + 1)] });
    for (const agent of [agentA, agentB]) {
      const got = await agent.next<{ events: any[] }>((m) => m.type === 'events', 'events');
      expect(got.events.map((e) => e.type)).toEqual([2, 3]);
      expect(JSON.stringify(got.events[1].data)).not.toMatch(/script|steal/);
    }

    agentB.ws.close();
    await agentB.closed;
    // One agent still watches: the channel stays.
    expect((await t.sendBatch(visit, 2)).hints).toEqual({ assist: { watched: true } });
    agentA.ws.close();
    await visitor.next((m) => m.type === 'idle', 'idle');
    expect((await visitor.closed).code).toBe(1000);
    expect((await t.sendBatch(visit, 3)).hints).toBeUndefined();
  });

  it('closes a visitor socket that sends what the protocol does not allow, or a bad token', async () => {
    const visit = await t.startVisit(projectId, owner.token);
    await t.sendBatch(visit, 0);
    await eventually('the session row', async () => ((await listed()).sessions.some((s) => s.sessionId === visit.sessionId) ? true : undefined));
    const agent = track(await openAgentSocket(t, projectId, visit.sessionId, owner.token));
    await agent.next((m) => m.type === 'hello', 'hello');
    for (const bad of ['not json', { type: 'events', events: [] }, { type: 'fetch', url: '/api/projects' }, { type: 'events', events: [{ type: 99, timestamp: 1, data: {} }] }]) {
      const visitor = track(await openVisitorSocket(t, visit.token));
      visitor.send(bad);
      expect((await visitor.closed).code).toBe(1008);
    }
    const deep = track(await openVisitorSocket(t, visit.token));
    deep.send(`{"type":"events","events":[{"type":3,"timestamp":1,"data":${'['.repeat(300)}${']'.repeat(300)}}]}`);
    expect((await deep.closed).code).toBe(1008);
    const huge = track(await openVisitorSocket(t, visit.token));
    huge.send({ type: 'events', events: [{ type: 3, timestamp: 1, data: { text: 'x'.repeat(1024 * 1024) } }] });
    expect([1009, 1006]).toContain((await huge.closed).code);
    const forged = track(await openVisitorSocket(t, 'forged-token'));
    expect((await forged.closed).code).toBe(4401);
    expect(agent.messages.filter((m: any) => m.type === 'events')).toEqual([]);
  });

  it('relays a call only for ASSIST_CALL, input only after the visitor’s consent, and logs every answer', async () => {
    const visit = await t.startVisit(projectId, owner.token);
    await t.sendBatch(visit, 0);
    await eventually('the session row', async () => ((await listed()).sessions.some((s) => s.sessionId === visit.sessionId) ? true : undefined));
    const watcher = track(await openAgentSocket(t, projectId, visit.sessionId, liveOnly.token));
    const agent = track(await openAgentSocket(t, projectId, visit.sessionId, caller.token));
    const { agentId } = await agent.next<{ agentId: string }>((m) => m.type === 'hello', 'hello');
    await watcher.next((m) => m.type === 'hello', 'hello');
    const visitor = track(await openVisitorSocket(t, visit.token));
    await agent.next((m) => m.type === 'visitor', 'visitor connected');

    watcher.send({ type: 'call', action: 'request' });
    expect(await watcher.next<{ message: string }>((m) => m.type === 'error', 'refusal')).toEqual({
      type: 'error',
      message: 'Not allowed: your role lacks the Assist (Call) permission. Please check with your admin.',
    });
    // The account's ICE servers, as an admin set them, go to both peers when the call starts.
    const iceServers = [{ urls: ['stun:stun.example.test:3478'] }, { urls: ['turn:turn.example.test:3478?transport=udp'], username: 'agent', credential: 'relay-secret' }];
    expect((await t.request('PUT', '/api/account/ice-servers', { token: owner.token, body: { iceServers } })).status).toBe(200);
    agent.send({ type: 'call', action: 'request', video: true });
    expect(await visitor.next((m) => m.type === 'call', 'call request')).toEqual({ type: 'call', action: 'request', agentId, agentName: expect.any(String), video: true, iceServers });
    visitor.send({ type: 'call', agentId, action: 'accepted' });
    expect(await agent.next((m) => m.type === 'call' && m.action === 'accepted', 'call accepted')).toEqual({ type: 'call', agentId, action: 'accepted', iceServers });
    // Others watching learn that the call started, without the servers.
    expect(await watcher.next((m) => m.type === 'call' && m.action === 'accepted', 'call accepted (watcher)')).toEqual({ type: 'call', agentId, action: 'accepted' });
    await t.request('PUT', '/api/account/ice-servers', { token: owner.token, body: { iceServers: [] } });
    agent.send({ type: 'signal', signal: { kind: 'offer', sdp: 'v=0' } });
    expect(await visitor.next((m) => m.type === 'signal', 'offer')).toEqual({ type: 'signal', agentId, signal: { kind: 'offer', sdp: 'v=0' } });
    visitor.send({ type: 'signal', agentId, signal: { kind: 'answer', sdp: 'v=0 answer' } });
    expect(await agent.next((m) => m.type === 'signal', 'answer')).toEqual({ type: 'signal', signal: { kind: 'answer', sdp: 'v=0 answer' } });
    // Signalling goes to the agent it names only.
    expect(watcher.messages.some((m: any) => m.type === 'signal')).toBe(false);

    agent.send({ type: 'input', input: { kind: 'click', id: 7 } });
    expect(await agent.next<{ message: string }>((m) => m.type === 'error', 'no control yet')).toMatchObject({ message: 'The visitor has not let you take control: ask first.' });
    agent.send({ type: 'control', action: 'request' });
    await visitor.next((m) => m.type === 'control' && m.action === 'request', 'control request');
    visitor.send({ type: 'control', agentId, action: 'accepted' });
    await agent.next((m) => m.type === 'control' && m.action === 'accepted', 'control accepted');
    agent.send({ type: 'input', input: { kind: 'type', id: 7, text: 'hello' } });
    expect(await visitor.next((m) => m.type === 'input', 'input')).toEqual({ type: 'input', agentId, input: { kind: 'type', id: 7, text: 'hello' } });
    visitor.send({ type: 'control', agentId, action: 'stopped' });
    await agent.next((m) => m.type === 'control' && m.action === 'stopped', 'control stopped');
    visitor.send({ type: 'call', agentId, action: 'ended' });
    await agent.next((m) => m.type === 'call' && m.action === 'ended', 'call ended');

    const rows = await eventually('the consents', async () => {
      const r = await t.kernel.resolve(coreServices.database).sql<{ kind: string; answer: string; agent_user_id: number }>(
        sql`select kind, answer, agent_user_id from assist_consents where session_id = ${visit.sessionId} order by id`,
      );
      return r.length === 4 ? r : undefined;
    });
    expect(rows.map((r) => [r.kind, r.answer, r.agent_user_id])).toEqual([
      ['call', 'accepted', caller.id],
      ['control', 'accepted', caller.id],
      ['control', 'stopped', caller.id],
      ['call', 'ended', caller.id],
    ]);
  });

  it('opens the agent socket only with a valid ticket or login, the project and ASSIST_LIVE', async () => {
    const visit = await t.startVisit(projectId, owner.token);
    await t.sendBatch(visit, 0);
    await eventually('the session row', async () => ((await listed()).sessions.some((s) => s.sessionId === visit.sessionId) ? true : undefined));
    const url = `${t.wsBase}/api/${projectId}/assist/sessions/${visit.sessionId}/socket`;
    const refused = (promise: Promise<unknown>) => promise.then(() => 'opened', (err: { status?: number }) => err.status);
    const other = await t.createTenant();
    const lacking = await t.createMember(tenantId, { permissions: ['SESSION_REPLAY'] });

    expect(await refused(openSocket(url))).toBe(401);
    expect(await refused(openSocket(`${url}?ticket=forged`))).toBe(401);
    expect(await refused(openSocket(url, { Authorization: `Bearer ${lacking.token}` }))).toBe(403);
    expect(await refused(openAgentSocket(t, projectId, visit.sessionId, lacking.token))).toBe(403);
    expect(await refused(openSocket(url, { Authorization: `Bearer ${other.owner.token}` }))).toBe(404);
    // A ticket opens the session it was made for only.
    const ticket = (await t.request('POST', `/api/${projectId}/assist/sessions/${visit.sessionId}/ticket`, { token: owner.token })).body.data.ticket as string;
    const otherVisit = await t.startVisit(projectId, owner.token);
    expect(await refused(openSocket(`${t.wsBase}/api/${projectId}/assist/sessions/${otherVisit.sessionId}/socket?ticket=${encodeURIComponent(ticket)}`))).toBe(401);
    const opened = track(await openSocket(`${url}?ticket=${encodeURIComponent(ticket)}`));
    await opened.next((m) => m.type === 'hello', 'hello');
    // Logging out ends what the login's tickets opened from then on.
    await t.request('POST', '/api/logout', { token: owner.token, body: {} });
    expect(await refused(openSocket(`${url}?ticket=${encodeURIComponent(ticket)}`))).toBe(401);
  });
});
