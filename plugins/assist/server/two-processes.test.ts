import { afterAll, describe, expect, it } from 'vitest';
import { eventually } from '@cassette/plugin-ingest/testing';
import { createAssistTestKernel, openAgentSocket, openVisitorSocket, type AssistTestKernel, type SocketClient } from '../testing/assist-test-kernel.js';

// Several API processes share one PostgreSQL database and one Redis: the visitor's tracker talks
// to one, the agent to another, and pub/sub on Redis carries the live channel between them. CI
// runs this file on both.
const onServers = Boolean(process.env.CASSETTE_TEST_DATABASE_URL && process.env.CASSETTE_TEST_REDIS_URL);

describe.runIf(onServers)('assist across two API processes on PostgreSQL and Redis', () => {
  const kernels: AssistTestKernel[] = [];
  const sockets: SocketClient[] = [];
  // The second one first: the first drops the database it created.
  afterAll(async () => {
    for (const s of sockets) s.ws.terminate();
    for (const t of kernels.reverse()) await t.close();
  });

  it('relays a visitor on one process to an agent on the other, and tells the visitor’s process when the agent leaves', async () => {
    const visitorSide = await createAssistTestKernel();
    kernels.push(visitorSide);
    const { databaseUrl, redisUrl, redisPrefix } = visitorSide.kernel.config;
    const agentSide = await createAssistTestKernel({ env: { DATABASE_URL: databaseUrl!, REDIS_URL: redisUrl!, REDIS_PREFIX: redisPrefix } });
    kernels.push(agentSide);

    const { projectId, owner } = await visitorSide.createTenant();
    const visit = await visitorSide.startVisit(projectId, owner.token);
    await visitorSide.sendBatch(visit, 0);
    // Each test kernel signs its own login tokens: the agent logs in on its own process.
    const login = await agentSide.request('POST', '/api/login', { body: { email: owner.email, password: owner.password } });
    const agentToken = login.body.jwt as string;
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    await eventually('the live session on the agent’s process', async () => {
      const res = await agentSide.request('GET', `/api/${projectId}/assist/sessions/${visit.sessionId}`, { token: agentToken });
      return res.status === 200 ? true : undefined;
    });

    const agent = await openAgentSocket(agentSide, projectId, visit.sessionId, agentToken);
    sockets.push(agent);
    await agent.next((m) => m.type === 'hello', 'hello');
    // The watch reaches the visitor's process over Redis: its batch answers say so.
    let seq = 1;
    await eventually('the watch on the visitor’s process', async () => ((await visitorSide.sendBatch(visit, seq++)).hints?.assist ? true : undefined));

    const visitor = await openVisitorSocket(visitorSide, visit.token);
    sockets.push(visitor);
    await agent.next((m) => m.type === 'visitor' && m.state === 'connected', 'visitor connected');
    const ts = Date.now();
    visitor.send({ type: 'events', events: [{ type: 4, timestamp: ts, data: { href: 'https://shop.example.test/', width: 1280, height: 720 } }] });
    expect(await agent.next<{ events: unknown[] }>((m) => m.type === 'events', 'events')).toEqual({
      type: 'events',
      events: [{ type: 4, timestamp: ts, data: { href: 'https://shop.example.test/', width: 1280, height: 720 } }],
    });

    agent.send({ type: 'control', action: 'request' });
    expect(await visitor.next((m) => m.type === 'control', 'control request')).toMatchObject({ type: 'control', action: 'request' });

    agent.ws.close();
    await visitor.next((m) => m.type === 'idle', 'idle');
    expect((await visitor.closed).code).toBe(1000);
  });
});
