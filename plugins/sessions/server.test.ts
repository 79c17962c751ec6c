import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreServices } from '@cassette/plugin-sdk/server';
import { createTestKernel, type TestKernel } from '@cassette/plugin-sdk/testing';
import sessionsPlugin from './server.js';

describe('sessions plugin', () => {
  let t: TestKernel;
  beforeAll(async () => {
    t = await createTestKernel({ plugins: [sessionsPlugin] });
  });
  afterAll(async () => t.close());

  it('lists the project\'s sessions newest first, ten a page, with the display-name rule', async () => {
    const { projectId, owner } = await t.createTenant();
    const other = await t.createTenant();
    const db = t.kernel.resolve(coreServices.database);
    for (let i = 0; i < 12; i++) {
      await db.query('insert into sessions_sessions (session_id, project_id, started_at, duration_ms, user_id, user_anonymous_id) values (?, ?, ?, ?, ?, ?)', [
        `s${i}`,
        projectId,
        new Date(Date.UTC(2026, 10, 1, 0, i)),
        i * 1000,
        i === 0 ? 'ada' : null,
        i === 1 ? 'anon-1' : null,
      ]);
    }
    await db.query('insert into sessions_sessions (session_id, project_id, started_at) values (?, ?, now())', ['foreign', other.projectId]);
    const first = await t.request('POST', `/api/${projectId}/sessions/search2`, { token: owner.token, body: {} });
    expect(first.body.data.total).toBe(12);
    expect(first.body.data.sessions.map((s: { sessionId: string }) => s.sessionId)).toEqual(['s11', 's10', 's9', 's8', 's7', 's6', 's5', 's4', 's3', 's2']);
    const second = await t.request('POST', `/api/${projectId}/sessions/search2`, { token: owner.token, body: { page: 2 } });
    expect(second.body.data.sessions.map((s: { userDisplayName: string }) => s.userDisplayName)).toEqual(['anon-1', 'ada']);
    expect(first.body.data.sessions[0].userDisplayName).toBe('Anonymous User');
  });

  it('needs the Session Replay permission', async () => {
    const { projectId, tenantId } = await t.createTenant();
    const without = await t.createMember(tenantId, { permissions: ['ERRORS'] });
    const withIt = await t.createMember(tenantId, { permissions: ['SESSION_REPLAY'] });
    expect((await t.request('POST', `/api/${projectId}/sessions/search2`, { token: without.token, body: {} })).status).toBe(403);
    expect((await t.request('POST', `/api/${projectId}/sessions/search2`, { token: withIt.token, body: {} })).status).toBe(200);
  });
});
