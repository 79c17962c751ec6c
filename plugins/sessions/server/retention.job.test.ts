import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreServices, sql, trusted } from '@cassette/plugin-sdk/server';
import { enforceRetention, retentionJob } from './retention.job.js';
import { createSessionsTestKernel, decodedBatch, ingestSession, sessionDeletionOf, type SessionsTestKernel } from '../testing/ingest-stand-in.js';

const DAY = 86_400_000;

describe('sessions.retention', () => {
  let t: SessionsTestKernel;
  beforeAll(async () => {
    t = await createSessionsTestKernel();
  });
  afterAll(async () => t?.close());

  it("deletes sessions older than each project's retention period, with their events, marks and recordings", async () => {
    const now = new Date(Date.UTC(2026, 10, 21, 12, 0, 0));
    const a = await t.createTenant();
    const b = await t.createTenant();
    const gdpr = await t.request('POST', `/api/${a.projectId}/gdpr`, { token: a.owner.token, body: { retentionDays: 30 } });
    expect(gdpr.status).toBe(200);
    const seed = async (projectId: number, tenantId: number, id: string, ageDays: number) => {
      const s = ingestSession(projectId, tenantId, { sessionId: id, startedAt: now.getTime() - ageDays * DAY, userId: 'u' });
      await t.started(s);
      await t.batch(s, decodedBatch(s, 0, [{ type: 'click', ts: s.startedAt + 1, selector: 'a', label: 'A' }], { receivedAt: s.startedAt + 10 }));
      await t.ctx.sql(sql`insert into sessions_viewed (session_id, user_id, project_id) values (${id}, ${a.owner.id}, ${projectId})`);
      await t.ctx.sql(sql`insert into sessions_favorites (session_id, user_id, project_id) values (${id}, ${a.owner.id}, ${projectId})`);
    };
    await seed(a.projectId, a.tenantId, 'a-old', 31);
    await seed(a.projectId, a.tenantId, 'a-new', 29);
    await seed(b.projectId, b.tenantId, 'b-100', 100); // default 180 days
    await seed(b.projectId, b.tenantId, 'b-181', 181);

    const deps = {
      db: t.kernel.resolve(coreServices.database),
      projects: t.kernel.resolve(coreServices.projects),
      deletion: sessionDeletionOf(t),
      log: t.kernel.resolve(coreServices.logger),
    };
    t.state.deletedRecordings.length = 0;
    expect(await enforceRetention(deps, now)).toBe(2);
    const left = async (table: string) =>
      (await deps.db.sql<{ session_id: string }>(sql`select distinct session_id from ${trusted(table)} where session_id in (${['a-old', 'a-new', 'b-100', 'b-181', 'c-1']}) order by session_id`)).map((r) => r.session_id);
    for (const table of ['sessions_sessions', 'sessions_events', 'sessions_viewed', 'sessions_favorites']) expect(await left(table), table).toEqual(['a-new', 'b-100']);
    expect(t.state.deletedRecordings).toEqual(
      expect.arrayContaining([
        { projectId: a.projectId, sessionIds: ['a-old'] },
        { projectId: b.projectId, sessionIds: ['b-181'] },
      ]),
    );
    // A second run finds nothing more.
    expect(await enforceRetention(deps, now)).toBe(0);

    // A deleted project keeps nothing: at once through its event, and at the next run for anything left behind.
    const created = await t.request('POST', '/api/projects', { token: a.owner.token, body: { name: 'Short-lived', host: 'site.example.test' } });
    const doomed = created.body.data.id as number;
    await seed(doomed, a.tenantId, 'c-1', 1);
    expect((await t.request('DELETE', `/api/projects/${doomed}`, { token: a.owner.token })).status).toBe(200);
    for (let i = 0; i < 100 && (await left('sessions_sessions')).includes('c-1'); i++) await new Promise((r) => setTimeout(r, 50));
    expect(await left('sessions_sessions')).toEqual(['a-new', 'b-100']);
    expect(t.state.deletedRecordings).toContainEqual({ projectId: doomed, sessionIds: ['c-1'] });
    await t.started(ingestSession(doomed, a.tenantId, { sessionId: 'c-late', startedAt: now.getTime() }));
    expect(await enforceRetention(deps, now)).toBe(1);
    expect(await deps.db.sql(sql`select 1 from sessions_sessions where session_id = ${'c-late'}`)).toEqual([]);
  });

  it('runs as the plugin\'s job', async () => {
    const { projectId, tenantId } = await t.createTenant();
    await t.started(ingestSession(projectId, tenantId, { sessionId: 'job-old', startedAt: Date.now() - 200 * DAY }));
    await t.kernel.resolve(coreServices.jobs).enqueue(retentionJob, {});
    const db = t.kernel.resolve(coreServices.database);
    for (let i = 0; i < 100; i++) {
      if ((await db.sql(sql`select 1 from sessions_sessions where session_id = ${'job-old'}`)).length === 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await db.sql(sql`select 1 from sessions_sessions where session_id = ${'job-old'}`)).toEqual([]);
    expect(t.state.deletedRecordings).toContainEqual({ projectId, sessionIds: ['job-old'] });
  });
});
