import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '@cassette/plugin-sdk/testing';
import type { IngestSession } from '@cassette/plugin-ingest/api';
import { createSessionsTestKernel, ingestSession, type SessionsTestKernel } from './testing/ingest-stand-in.js';

const T0 = Date.UTC(2026, 10, 18, 12, 0, 0);

describe('POST /api/:projectId/sessions/search2: the list tabs', () => {
  let t: SessionsTestKernel;
  let projectId: number;
  let tenantId: number;
  let owner: TestUser;
  const ids: Record<string, string> = {};

  // Issue types are set directly: which processor derives them is not this route's business.
  const seed = async (name: string, minute: number, issueTypes: string[]): Promise<IngestSession> => {
    const s = ingestSession(projectId, tenantId, { sessionId: `tab-${name}-${projectId}`, startedAt: T0 + minute * 60_000 });
    await t.started(s);
    await t.ctx.db.query('update sessions_sessions set issue_types = ?::jsonb where session_id = ?', [JSON.stringify(issueTypes), s.sessionId]);
    ids[name] = s.sessionId;
    return s;
  };

  beforeAll(async () => {
    t = await createSessionsTestKernel();
    ({ projectId, tenantId, owner } = await t.createTenant());
    await seed('quiet', 0, []);
    await seed('crash', 1, ['js_exception']);
    await seed('rage', 2, ['click_rage']);
    await seed('both', 3, ['bad_request', 'click_rage']);
  });
  afterAll(async () => t?.close());

  const search = (body: unknown, token = owner.token) => t.request('POST', `/api/${projectId}/sessions/search2`, { token, body });
  const found = async (body: unknown, token = owner.token) => {
    const res = await search(body, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { ids: res.body.data.sessions.map((s: { sessionId: string }) => s.sessionId), total: res.body.data.total };
  };

  it('filters by issue type (an ISSUE filter): any of the values', async () => {
    expect(await found({ filters: [{ type: 'ISSUE', operator: 'is', value: ['click_rage'] }] })).toEqual({ ids: [ids.both, ids.rage], total: 2 });
    expect((await found({ filters: [{ type: 'ISSUE', operator: 'is', value: ['js_exception', 'bad_request'] }] })).ids).toEqual([ids.both, ids.crash]);
    expect((await found({ filters: [{ type: 'ISSUE', operator: 'isNot', value: ['click_rage'] }] })).ids).toEqual([ids.crash, ids.quiet]);
    expect((await found({ filters: [{ type: 'ISSUE', operator: 'is', value: ['memory'] }] })).total).toBe(0);
    // Two ISSUE filters must both hold.
    expect(
      (await found({ filters: [{ type: 'ISSUE', operator: 'is', value: ['click_rage'] }, { type: 'ISSUE', operator: 'is', value: ['bad_request'] }] })).ids,
    ).toEqual([ids.both]);
  });

  it('ignores the filter items this step does not read yet', async () => {
    expect((await found({ filters: [{ type: 'USERBROWSER', operator: 'is', value: ['Chrome'] }] })).total).toBe(4);
  });

  it('answers 400 with a message for an ISSUE filter it cannot read', async () => {
    for (const filter of [
      { type: 'ISSUE', operator: 'is', value: ['no_such_issue'] },
      { type: 'ISSUE', operator: 'is', value: [] },
      { type: 'ISSUE', operator: 'is', value: [42] },
      { type: 'ISSUE', operator: 'startsWith', value: ['click_rage'] },
      { type: 'ISSUE', operator: 'is', value: ["click_rage') or true --"] },
    ]) {
      const res = await search({ filters: [filter] });
      expect(res.status, JSON.stringify(filter)).toBe(400);
      expect(res.body.errors[0]).toMatch(/ISSUE filter/);
    }
    expect((await search({ filters: [{ operator: 'is' }] })).status).toBe(400);
    expect((await search({ filters: 'ISSUE' })).status).toBe(400);
  });

  it("lists only the caller's bookmarks with bookmarked: true", async () => {
    await t.ctx.db.query('insert into sessions_favorites (session_id, user_id, project_id) values (?, ?, ?), (?, ?, ?)', [
      ids.quiet,
      owner.id,
      projectId,
      ids.rage,
      owner.id,
      projectId,
    ]);
    expect(await found({ bookmarked: true })).toEqual({ ids: [ids.rage, ids.quiet], total: 2 });
    expect((await found({ bookmarked: true, filters: [{ type: 'ISSUE', operator: 'is', value: ['click_rage'] }] })).ids).toEqual([ids.rage]);
    expect((await found({ bookmarked: false })).total).toBe(4);
    const member = await t.createMember(tenantId, { permissions: ['SESSION_REPLAY'] });
    expect(await found({ bookmarked: true }, member.token)).toEqual({ ids: [], total: 0 });
  });
});
