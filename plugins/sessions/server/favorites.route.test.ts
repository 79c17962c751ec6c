import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '@cassette/plugin-sdk/testing';
import type { IngestSession } from '@cassette/plugin-ingest/api';
import { sql } from '@cassette/plugin-sdk/server';
import { ingestSession } from '../testing/ingest-stand-in.js';
import { createPlayerTestKernel, sessionIdAt, type PlayerTestKernel } from '../testing/stored-recordings.js';

const T0 = Date.UTC(2026, 10, 19, 8, 0, 0);

describe('favorites', () => {
  let t: PlayerTestKernel;
  let projectId: number;
  let tenantId: number;
  let owner: TestUser;
  const sessions: IngestSession[] = [];

  beforeAll(async () => {
    t = await createPlayerTestKernel();
    ({ projectId, tenantId, owner } = await t.createTenant());
    for (let i = 0; i < 3; i++) {
      const s = ingestSession(projectId, tenantId, { sessionId: sessionIdAt(T0 + i * 60_000), startedAt: T0 + i * 60_000 });
      await t.started(s);
      sessions.push(s);
    }
  });
  afterAll(async () => t?.close());

  const toggle = (sessionId: string, token = owner.token, project = projectId) => t.request('GET', `/api/${project}/sessions2/${sessionId}/favorite`, { token });
  const list = (token = owner.token, query = '') => t.request('GET', `/api/${projectId}/sessions2/favorite${query}`, { token });

  it("toggles the caller's bookmark and lists the bookmarked sessions, newest first", async () => {
    expect((await list()).body.data).toEqual({ sessions: [], total: 0 });
    expect((await toggle(sessions[0]!.sessionId)).body.data).toEqual({ favorite: true });
    expect((await toggle(sessions[2]!.sessionId)).body.data).toEqual({ favorite: true });
    const listed = (await list()).body.data;
    expect(listed.total).toBe(2);
    expect(listed.sessions.map((s: { sessionId: string; favorite: boolean }) => [s.sessionId, s.favorite])).toEqual([
      [sessions[2]!.sessionId, true],
      [sessions[0]!.sessionId, true],
    ]);
    expect(listed.sessions[0]).toMatchObject({ projectId, startedAt: T0 + 120_000, userDisplayName: 'Anonymous User' });
    expect((await list(owner.token, '?limit=1&page=2')).body.data.sessions.map((s: { sessionId: string }) => s.sessionId)).toEqual([sessions[0]!.sessionId]);

    expect((await toggle(sessions[2]!.sessionId)).body.data).toEqual({ favorite: false });
    expect((await list()).body.data.sessions.map((s: { sessionId: string }) => s.sessionId)).toEqual([sessions[0]!.sessionId]);
  });

  it('keeps bookmarks per user', async () => {
    const member = await t.createMember(tenantId, { permissions: ['SESSION_REPLAY'] });
    expect((await toggle(sessions[1]!.sessionId, member.token)).body.data).toEqual({ favorite: true });
    expect((await list(member.token)).body.data.sessions.map((s: { sessionId: string }) => s.sessionId)).toEqual([sessions[1]!.sessionId]);
    expect((await list()).body.data.sessions.map((s: { sessionId: string }) => s.sessionId)).not.toContain(sessions[1]!.sessionId);
  });

  it("refuses unknown sessions, another project's sessions and callers without Session Replay", async () => {
    expect((await toggle('1999999999999000000')).status).toBe(404);
    const other = await t.createTenant();
    const foreign = ingestSession(other.projectId, other.tenantId, { sessionId: sessionIdAt(T0) });
    await t.started(foreign);
    const res = await toggle(foreign.sessionId);
    expect(res.status).toBe(404);
    expect(res.body.errors).toEqual(['Session not found']);
    expect((await t.ctx.sql(sql`select 1 from sessions_favorites where session_id = ${foreign.sessionId}`)).length).toBe(0);
    expect((await toggle('not-a-session')).status).toBe(400);
    const lacking = await t.createMember(tenantId, { permissions: ['DEV_TOOLS'] });
    expect((await toggle(sessions[0]!.sessionId, lacking.token)).status).toBe(403);
    expect((await list(lacking.token)).status).toBe(403);
  });
});
