import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@cassette/plugin-sdk/server';
import { createSessionsTestKernel, decodedBatch, ingestSession, type SessionsTestKernel } from '../testing/ingest-stand-in.js';

describe('POST /api/:projectId/sessions/gdpr/delete-user', () => {
  let t: SessionsTestKernel;
  beforeAll(async () => {
    t = await createSessionsTestKernel();
  });
  afterAll(async () => t?.close());

  const ids = async (projectId: number) =>
    (await t.ctx.sql<{ session_id: string }>(sql`select session_id from sessions_sessions where project_id = ${projectId} order by session_id`)).map((r) => r.session_id);

  it("deletes every session of that user in the project, and nothing else", async () => {
    const a = await t.createTenant();
    const other = await t.createTenant();
    const seed = async (projectId: number, tenantId: number, sessionId: string, who: { userId?: string; userAnonymousId?: string }) => {
      const s = ingestSession(projectId, tenantId, { sessionId, userId: who.userId ?? null, userAnonymousId: who.userAnonymousId ?? null });
      await t.started(s);
      await t.batch(s, decodedBatch(s, 0, [{ type: 'click', ts: s.startedAt + 1, selector: 'a', label: 'A' }]));
      await t.ctx.sql(sql`insert into sessions_viewed (session_id, user_id, project_id) values (${sessionId}, ${a.owner.id}, ${projectId})`);
      return s;
    };
    await seed(a.projectId, a.tenantId, 'g-ada-1', { userId: 'ada' });
    await seed(a.projectId, a.tenantId, 'g-ada-anon', { userAnonymousId: 'device-7' });
    // Identified as ada first, then as someone else: still ada's data.
    const switched = await seed(a.projectId, a.tenantId, 'g-switched', { userId: 'ada' });
    await t.batch(switched, decodedBatch(switched, 1, [{ type: 'user_id', ts: switched.startedAt + 2, userId: 'bob' }]));
    await seed(a.projectId, a.tenantId, 'g-bob', { userId: 'bob' });
    await seed(other.projectId, other.tenantId, 'g-other-ada', { userId: 'ada' });

    t.state.deletedRecordings.length = 0;
    const res = await t.request('POST', `/api/${a.projectId}/sessions/gdpr/delete-user`, { token: a.owner.token, body: { userId: 'ada', userAnonymousId: 'device-7' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ deletedSessions: 3 });
    expect(await ids(a.projectId)).toEqual(['g-bob']);
    expect(await ids(other.projectId)).toEqual(['g-other-ada']);
    const gone = ['g-ada-1', 'g-ada-anon', 'g-switched'];
    const leftovers = await t.ctx.sql<{ n: number }>(
      sql`select (select count(*) from sessions_events where session_id in (${gone}))::int + (select count(*) from sessions_viewed where session_id in (${gone}))::int as n`,
    );
    expect(leftovers[0]!.n).toBe(0);
    expect(t.state.deletedRecordings).toHaveLength(1);
    expect(t.state.deletedRecordings[0]!.projectId).toBe(a.projectId);
    expect([...t.state.deletedRecordings[0]!.sessionIds].sort()).toEqual(['g-ada-1', 'g-ada-anon', 'g-switched']);

    const again = await t.request('POST', `/api/${a.projectId}/sessions/gdpr/delete-user`, { token: a.owner.token, body: { userId: 'ada' } });
    expect(again.body.data).toEqual({ deletedSessions: 0 });
  });

  it('needs a user id or an anonymous id', async () => {
    const a = await t.createTenant();
    for (const body of [{}, { userId: '' }, { other: 'x' }, { userId: 'x'.repeat(257) }, { userId: 5 }]) {
      const res = await t.request('POST', `/api/${a.projectId}/sessions/gdpr/delete-user`, { token: a.owner.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors?.length).toBeGreaterThan(0);
    }
  });

  it('is for admins of the tenant only', async () => {
    const a = await t.createTenant();
    await t.started(ingestSession(a.projectId, a.tenantId, { sessionId: 'g-kept', userId: 'ada' }));
    const member = await t.createMember(a.tenantId, { permissions: ['SESSION_REPLAY', 'DEV_TOOLS', 'ERRORS', 'METRICS', 'ASSIST_LIVE', 'ASSIST_CALL'] });
    const stranger = await t.createTenant();
    const body = { userId: 'ada' };
    expect((await t.request('POST', `/api/${a.projectId}/sessions/gdpr/delete-user`, { body })).status).toBe(401);
    expect((await t.request('POST', `/api/${a.projectId}/sessions/gdpr/delete-user`, { token: member.token, body })).status).toBe(403);
    expect((await t.request('POST', `/api/${a.projectId}/sessions/gdpr/delete-user`, { token: stranger.owner.token, body })).status).toBe(404);
    expect(await ids(a.projectId)).toEqual(['g-kept']);
  });
});
