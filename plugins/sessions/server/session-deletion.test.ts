import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreServices, sql, type EventDef } from '@cassette/plugin-sdk/server';
import { sessionsEvents } from '../api.js';
import { DELETE_CHUNK } from './session-deletion.js';
import { createSessionsTestKernel, ingestSession, sessionDeletionOf, type SessionsTestKernel } from '../testing/ingest-stand-in.js';

describe('sessions.deleted@v1', () => {
  let t: SessionsTestKernel;
  const published: { projectId: number; sessionIds: string[] }[] = [];

  beforeAll(async () => {
    t = await createSessionsTestKernel();
    const bus = t.kernel.resolve(coreServices.events) as unknown as { subscribe(plugin: string, e: EventDef, h: (p: unknown) => Promise<void>): void };
    bus.subscribe('test', sessionsEvents.deleted, async (payload) => void published.push(payload as { projectId: number; sessionIds: string[] }));
  });
  afterAll(async () => t?.close());

  it('goes out after the sessions are gone, one event per chunk', async () => {
    const { projectId, tenantId } = await t.createTenant();
    const ids = Array.from({ length: DELETE_CHUNK + 1 }, (_, i) => `del-${String(i).padStart(4, '0')}`);
    for (const sessionId of [ids[0]!, ids[DELETE_CHUNK]!]) await t.started(ingestSession(projectId, tenantId, { sessionId }));
    published.length = 0;
    const stillThere: number[] = [];
    const bus = t.kernel.resolve(coreServices.events) as unknown as { subscribe(plugin: string, e: EventDef, h: (p: unknown) => Promise<void>): void };
    bus.subscribe('test-order', sessionsEvents.deleted, async () => {
      stillThere.push((await t.ctx.sql(sql`select 1 from sessions_sessions where session_id in (${[ids[0]!, ids[DELETE_CHUNK]!]})`)).length);
    });

    await sessionDeletionOf(t).deleteSessions(projectId, ids);

    expect(published).toEqual([
      { projectId, sessionIds: ids.slice(0, DELETE_CHUNK) },
      { projectId, sessionIds: ids.slice(DELETE_CHUNK) },
    ]);
    // The first chunk's subscriber runs before the second chunk is deleted.
    expect(stillThere).toEqual([1, 0]);
  });

  it('is published by the GDPR delete-user request and says nothing when nothing matched', async () => {
    const { projectId, tenantId, owner } = await t.createTenant();
    await t.started(ingestSession(projectId, tenantId, { sessionId: 'del-ada', userId: 'ada' }));
    published.length = 0;
    const res = await t.request('POST', `/api/${projectId}/sessions/gdpr/delete-user`, { token: owner.token, body: { userId: 'ada' } });
    expect(res.status).toBe(200);
    expect(published).toEqual([{ projectId, sessionIds: ['del-ada'] }]);

    published.length = 0;
    await t.request('POST', `/api/${projectId}/sessions/gdpr/delete-user`, { token: owner.token, body: { userId: 'nobody' } });
    expect(published).toEqual([]);
  });
});
