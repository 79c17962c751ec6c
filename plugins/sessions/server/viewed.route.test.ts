import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@cassette/plugin-sdk/server';
import { ingestSession } from '../testing/ingest-stand-in.js';
import { createPlayerTestKernel, sessionIdAt, type PlayerTestKernel } from '../testing/stored-recordings.js';

const T0 = Date.UTC(2026, 10, 19, 8, 0, 0);

describe('POST /api/:projectId/sessions2/:sessionId/viewed', () => {
  let t: PlayerTestKernel;

  beforeAll(async () => {
    t = await createPlayerTestKernel();
  });
  afterAll(async () => t?.close());

  it('marks the session viewed for the caller only, once however often it is called', async () => {
    const { projectId, tenantId, owner } = await t.createTenant();
    const s = ingestSession(projectId, tenantId, { sessionId: sessionIdAt(T0), startedAt: T0 });
    await t.started(s);
    const member = await t.createMember(tenantId, { permissions: ['SESSION_REPLAY'] });
    for (let i = 0; i < 2; i++) {
      // The browser's client posts `{}`; a bare POST works too.
      const res = await t.request('POST', `/api/${projectId}/sessions2/${s.sessionId}/viewed`, { token: owner.token, ...(i === 0 ? { body: {} } : {}) });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ viewed: true });
    }
    const rows = await t.ctx.sql<{ user_id: number }>(sql`select user_id from sessions_viewed where session_id = ${s.sessionId}`);
    expect(rows.map((r) => r.user_id)).toEqual([owner.id]);
    const search = (token: string) => t.request('POST', `/api/${projectId}/sessions/search2`, { token, body: {} });
    expect((await search(owner.token)).body.data.sessions[0].viewed).toBe(true);
    expect((await search(member.token)).body.data.sessions[0].viewed).toBe(false);
  });

  it("refuses another project's session", async () => {
    const a = await t.createTenant();
    const b = await t.createTenant();
    const s = ingestSession(b.projectId, b.tenantId, { sessionId: sessionIdAt(T0) });
    await t.started(s);
    const res = await t.request('POST', `/api/${a.projectId}/sessions2/${s.sessionId}/viewed`, { token: a.owner.token });
    expect(res.status).toBe(404);
    expect((await t.ctx.sql(sql`select 1 from sessions_viewed where session_id = ${s.sessionId}`)).length).toBe(0);
  });
});
