import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '@cassette/plugin-sdk/testing';
import type { IngestSession, RecordingEvent } from '@cassette/plugin-ingest/api';
import { sql } from '@cassette/plugin-sdk/server';
import { decodedBatch, ingestSession, sessionDeletionOf } from '../testing/ingest-stand-in.js';
import { createPlayerTestKernel, sessionIdAt, type PlayerTestKernel } from '../testing/stored-recordings.js';
import { CHUNK_CACHE_CONTROL } from './recording.route.js';

const T0 = Date.UTC(2026, 10, 21, 9, 0, 0);

const meta = (ts: number): RecordingEvent => ({ type: 4, timestamp: ts, data: { href: 'https://shop.example.test/', width: 1280, height: 720 } });
const snapshot = (ts: number): RecordingEvent => ({ type: 2, timestamp: ts, data: { node: { type: 0, childNodes: [], id: 1 }, initialOffset: { top: 0, left: 0 } } });
// In an rrweb mutation a null attribute means "removed": it must reach the player as null.
const mutation = (ts: number): RecordingEvent => ({ type: 3, timestamp: ts, data: { source: 0, attributes: [{ id: 5, attributes: { class: null } }], texts: [], removes: [], adds: [] } });

describe('recording streaming', () => {
  let t: PlayerTestKernel;
  let projectId: number;
  let tenantId: number;
  let owner: TestUser;
  let s: IngestSession;
  const recording0 = [meta(T0 + 10), snapshot(T0 + 11), mutation(T0 + 400)];
  const recording1 = [mutation(T0 + 5000), mutation(T0 + 6500)];

  beforeAll(async () => {
    t = await createPlayerTestKernel();
    ({ projectId, tenantId, owner } = await t.createTenant());
    s = ingestSession(projectId, tenantId, { sessionId: sessionIdAt(T0), startedAt: T0 });
    await t.started(s);
    await t.batch(s, decodedBatch(s, 0, [], { recording: recording0 }));
    await t.batch(s, decodedBatch(s, 1, [], { recording: recording1, pageNo: 1 }));
  });
  afterAll(async () => t?.close());

  const url = (sessionId: string, rest = '', project = projectId) => `/api/${project}/sessions2/${sessionId}/recording${rest}`;

  it('lists the chunks from the index the processor keeps, without reading any blob', async () => {
    const readsBefore = t.reads.count;
    const res = await t.request('GET', url(s.sessionId), { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      startedAt: T0,
      chunks: [
        { seq: 0, pageNo: 0, firstTimestamp: T0 + 10, lastTimestamp: T0 + 400, hasFullSnapshot: true, bytes: JSON.stringify(recording0).length },
        { seq: 1, pageNo: 1, firstTimestamp: T0 + 5000, lastTimestamp: T0 + 6500, hasFullSnapshot: false, bytes: JSON.stringify(recording1).length },
      ],
    });
    expect(t.reads.count).toBe(readsBefore);
  });

  it('keeps one index row per (session, seq) when a batch is processed again', async () => {
    await t.batch(s, decodedBatch(s, 1, [], { recording: recording1, pageNo: 1 }));
    const rows = await t.ctx.sql<{ n: number }>(sql`select count(*)::int as n from sessions_recording_chunks where session_id = ${s.sessionId}`);
    expect(rows[0]!.n).toBe(2);
  });

  it('indexes, once, a stored batch the processor has not seen yet', async () => {
    const late = ingestSession(projectId, tenantId, { sessionId: sessionIdAt(T0 + 1000), startedAt: T0 + 1000 });
    await t.started(late);
    // Stored by ingest, but its processing job has not run.
    t.stored.set(`${late.sessionId}:0`, decodedBatch(late, 0, [], { recording: [meta(T0 + 1001), snapshot(T0 + 1002)] }));
    const readsBefore = t.reads.count;
    const first = await t.request('GET', url(late.sessionId), { token: owner.token });
    expect(first.body.data.chunks).toEqual([{ seq: 0, pageNo: 0, firstTimestamp: T0 + 1001, lastTimestamp: T0 + 1002, hasFullSnapshot: true, bytes: expect.any(Number) }]);
    expect(t.reads.count).toBe(readsBefore + 1);
    await t.request('GET', url(late.sessionId), { token: owner.token });
    expect(t.reads.count).toBe(readsBefore + 1);
  });

  it('answers one chunk exactly as stored, cacheable', async () => {
    const res = await t.request('GET', url(s.sessionId, '/0'), { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe(CHUNK_CACHE_CONTROL);
    expect(res.body.data).toEqual({ seq: 0, events: recording0 });
    expect(res.body.data.events[2].data.attributes[0].attributes).toEqual({ class: null });
    const second = await t.request('GET', url(s.sessionId, '/1'), { token: owner.token });
    expect(second.body.data).toEqual({ seq: 1, events: recording1 });
  });

  it("answers 404 for a missing chunk and for another project's session, 400 for a bad id or seq", async () => {
    expect((await t.request('GET', url(s.sessionId, '/7'), { token: owner.token })).body.errors).toEqual(['Recording chunk not found']);
    const other = await t.createTenant();
    const foreign = await t.request('GET', url(s.sessionId, '', other.projectId), { token: other.owner.token });
    expect(foreign.status).toBe(404);
    // The other tenant's admin asking through this project id is stopped at the project.
    expect((await t.request('GET', url(s.sessionId, '/0'), { token: other.owner.token })).status).toBe(404);
    const elsewhere = await t.createTenant();
    const sameTenantOtherProject = await t.request('GET', url(s.sessionId, '/0', elsewhere.projectId), { token: elsewhere.owner.token });
    expect(sameTenantOtherProject.body.errors).toEqual(['Session not found']);
    expect((await t.request('GET', url('nope'), { token: owner.token })).status).toBe(400);
    expect((await t.request('GET', url(s.sessionId, '/-1'), { token: owner.token })).status).toBe(400);
    expect((await t.request('GET', url(s.sessionId, '/x'), { token: owner.token })).status).toBe(400);
  });

  it("is deleted with the session's other data", async () => {
    const gone = ingestSession(projectId, tenantId, { sessionId: sessionIdAt(T0 + 9000), startedAt: T0 + 9000 });
    await t.started(gone);
    await t.batch(gone, decodedBatch(gone, 0, [], { recording: [meta(T0 + 9001)] }));
    const count = async () => (await t.ctx.sql<{ n: number }>(sql`select count(*)::int as n from sessions_recording_chunks where session_id = ${gone.sessionId}`))[0]!.n;
    expect(await count()).toBe(1);
    await sessionDeletionOf(t).deleteSessions(projectId, [gone.sessionId]);
    expect(await count()).toBe(0);
  });

  it('needs the Session Replay permission', async () => {
    const member = await t.createMember(tenantId, { permissions: ['DEV_TOOLS'] });
    expect((await t.request('GET', url(s.sessionId), { token: member.token })).status).toBe(403);
    expect((await t.request('GET', url(s.sessionId, '/0'), { token: member.token })).status).toBe(403);
  });
});
