import { coreServices, sql } from '@cassette/plugin-sdk/server';
import type { AuthzWorld } from '@cassette/plugin-sdk/testing';
import type { BatchRequest, StartRequest } from '@cassette/tracker/protocol';
import { batch, startBody } from './tracker-bodies.js';

/** The tracker's start body for tenant A's first project (the project key is the credential). */
export async function trackerStartBody(w: AuthzWorld): Promise<StartRequest> {
  const project = await w.t.request('GET', `/api/projects/${w.projectId}`, { token: w.adminToken });
  return startBody(project.body.data.projectKey);
}

/** A new session's first batch, ready to send: the session token rides in the query, as from sendBeacon. */
export async function firstBatchOfNewSession(w: AuthzWorld, events?: BatchRequest['events']): Promise<{ sessionId: string; url: string; body: BatchRequest }> {
  const started = await w.t.request('POST', '/api/ingest/v1/start', { body: await trackerStartBody(w) });
  const { sessionId, token } = started.body.data as { sessionId: string; token: string };
  return { sessionId, url: `/api/ingest/v1/batch?token=${encodeURIComponent(token)}`, body: batch(sessionId, 0, events ? { events } : {}) };
}

/** Records a session through the tracker endpoints; its id. */
export async function recordThroughTracker(w: AuthzWorld, events?: BatchRequest['events']): Promise<string> {
  const batch = await firstBatchOfNewSession(w, events);
  await w.t.request('POST', batch.url, { body: batch.body });
  return batch.sessionId;
}

/**
 * A parked processing step of tenant A, as the pipeline parks one after repeated failures:
 * the start of a session started through the tracker (which sent no batch yet, so no job holds
 * the session when the step is retried); its id.
 */
export async function parkedStartOfNewSession(w: AuthzWorld): Promise<number> {
  const started = await w.t.request('POST', '/api/ingest/v1/start', { body: await trackerStartBody(w) });
  const { sessionId } = started.body.data as { sessionId: string };
  const [row] = await w.t.kernel.resolve(coreServices.database).sql<{ id: number }>(sql`insert into ingest_parked_steps (session_id, project_id, tenant_id, step, processor, error, attempts)
     values (${sessionId}, ${w.projectId}, ${w.tenantId}, 'sessionStarted', 'test.processor', 'Error: failed in a test', 10) returning id`);
  return Number(row!.id);
}

/** Polls `check` until it answers a value (processing runs in background jobs). */
export async function eventually<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`${what} was not processed in time`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
