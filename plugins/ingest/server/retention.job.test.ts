import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreServices, sql } from '@cassette/plugin-sdk/server';
import { ingestServices } from '../api.js';
import { batch, bootIngest, newSession, sendBatch, type IngestWorld } from '../testing/ingest-fixture.js';
import { enforceRetention } from './retention.job.js';
import { ingestRuntimeRef } from './runtime.js';

const DAY = 24 * 3600_000;

describe('retention and deletion of recordings', () => {
  let w: IngestWorld;
  beforeAll(async () => {
    w = await bootIngest();
  });
  afterAll(async () => w?.t.close());

  const db = () => w.t.kernel.resolve(coreServices.database);
  const blobs = () => w.t.kernel.resolve(coreServices.blobs);
  const sessionsOf = async (projectId: number) =>
    (await db().sql<{ id: string }>(sql`select id from ingest_sessions where project_id = ${projectId} order by id`)).map((r) => r.id);

  async function recorded(projectKey?: string) {
    const s = await newSession(projectKey ? { ...w, projectKey } : w);
    await sendBatch(w.t, batch(s.sessionId, 0), { token: s.token });
    await sendBatch(w.t, batch(s.sessionId, 1), { token: s.token });
    return s.sessionId;
  }
  const backdate = (sessionId: string, days: number) => db().sql(sql`update ingest_sessions set started_at = ${new Date(Date.now() - days * DAY)} where id = ${sessionId}`);

  it("deletes sessions older than the project's retention period, blobs and rows, and keeps the rest", async () => {
    expect((await w.t.request('POST', `/api/${w.projectId}/gdpr`, { token: w.owner.token, body: { retentionDays: 30 } })).status).toBe(200);
    const days = 30;
    const old = await recorded();
    const fresh = await recorded();
    await backdate(old, days + 1);
    await backdate(fresh, days - 1);
    const other = await w.t.request('POST', '/api/projects', { token: w.owner.token, body: { name: 'Other site', host: 'site.example.test' } });
    const otherOld = await recorded(other.body.data.projectKey);
    await backdate(otherOld, 1);

    const deleted = await enforceRetention(w.t.kernel.resolve(ingestRuntimeRef), w.t.log);
    expect(deleted).toBe(1);
    expect(await sessionsOf(w.projectId)).not.toContain(old);
    expect(await sessionsOf(w.projectId)).toContain(fresh);
    expect(await sessionsOf(other.body.data.id)).toEqual([otherOld]);
    expect(await blobs().list(`ingest/${w.projectId}/${old}/`)).toEqual([]);
    expect(await blobs().list(`ingest/${w.projectId}/${fresh}/`)).toHaveLength(2);
    expect(await db().sql(sql`select seq from ingest_batches where session_id = ${old}`)).toEqual([]);
  });

  it('deletes everything of a project that no longer exists', async () => {
    const other = await w.t.request('POST', '/api/projects', { token: w.owner.token, body: { name: 'Doomed site', host: 'site.example.test' } });
    const id = await recorded(other.body.data.projectKey);
    expect((await w.t.request('DELETE', `/api/projects/${other.body.data.id}`, { token: w.owner.token })).status).toBe(200);
    await enforceRetention(w.t.kernel.resolve(ingestRuntimeRef), w.t.log);
    expect(await sessionsOf(other.body.data.id)).toEqual([]);
    expect(await blobs().list(`ingest/${other.body.data.id}/${id}/`)).toEqual([]);
  });

  it('deleteSessions drops the named sessions of that project only (GDPR delete)', async () => {
    const recordings = w.t.kernel.resolve(ingestServices.recordings);
    const a = await recorded();
    const b = await recorded();
    const parked = sql`select session_id from ingest_parked_steps where session_id in (${[a, b]}) order by session_id`;
    for (const id of [a, b]) {
      await db().sql(sql`insert into ingest_parked_steps (session_id, project_id, tenant_id, step, seq, processor, error, attempts) values (${id}, ${w.projectId}, ${w.tenantId}, 'batch', 1, 'test', 'Error: x', 10)`);
    }
    // Another project's id cannot reach these sessions.
    await recordings.deleteSessions(w.projectId + 12345, [a]);
    expect(await recordings.listBatches(w.projectId, a)).toHaveLength(2);
    await recordings.deleteSessions(w.projectId, [a, 'not-a-session-id', '../../etc']);
    expect(await recordings.listBatches(w.projectId, a)).toEqual([]);
    expect(await recordings.readBatch(w.projectId, a, 0)).toBeNull();
    expect(await blobs().list(`ingest/${w.projectId}/${a}/`)).toEqual([]);
    expect(await recordings.listBatches(w.projectId, b)).toHaveLength(2);
    // Its parked processing steps go with it: nothing is left to retry.
    expect(await db().sql(parked)).toEqual([{ session_id: b }]);
    // A batch for a deleted session is refused: the tracker starts over.
    expect(await sessionsOf(w.projectId)).not.toContain(a);
  });
});
