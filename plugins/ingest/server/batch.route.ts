import { HttpError, type Logger } from '@cassette/plugin-sdk/server';
import type { BatchRequest, BatchResponse } from '@cassette/tracker/protocol';
import { decodeBatchBody } from './batch-decoder.js';
import { route } from './deps.js';
import { conflictFor, storeBatch } from './batch-store.js';
import { processSessionJob, processJobId } from './process-session.job.js';
import { sanitizeRecording } from '@cassette/recording-safety';
import type { IngestRuntime } from './runtime.js';
import { sessionForBatch } from './session-store.js';
import { verifySessionToken } from './session-token.js';
import { unavailableOnFailure } from './unavailable-on-failure.js';

const unauthorized = (message: string) => new HttpError(401, message);

/** `?token=` (navigator.sendBeacon cannot set headers) or `Authorization: Bearer`. */
function tokenOf(query: unknown, authorization: string | undefined): string | null {
  const fromQuery = (query as Record<string, unknown> | undefined)?.token;
  if (typeof fromQuery === 'string' && fromQuery !== '') return fromQuery;
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  return match?.[1] ?? null;
}

/** Latest event time of a batch, on the server clock, never in the future. */
function lastEventTime(batch: BatchRequest, offset: number, now: number): number | null {
  let latest = -Infinity;
  for (const e of batch.recording) if (e.timestamp > latest) latest = e.timestamp;
  for (const e of batch.events) if (e.ts > latest) latest = e.ts;
  return latest === -Infinity ? null : Math.min(now, latest + offset);
}

/** Adds what other plugins tell the tracker (`ingest.batchHints`); a failing one is left out, never failing the batch. */
function withHints(rt: IngestRuntime, projectId: number, sessionId: string, answer: BatchResponse): BatchResponse {
  let hints: Record<string, Record<string, unknown>> | undefined;
  for (const contribution of rt.batchHints) {
    try {
      const hint = contribution.hint(projectId, sessionId);
      if (hint) (hints ??= {})[contribution.id] = hint;
    } catch (err) {
      rt.deps.log.warn({ err, hint: contribution.id }, 'a batch hint failed');
    }
  }
  return hints ? { ...answer, hints } : answer;
}

export async function acceptBatch(rt: IngestRuntime, body: unknown, token: string | null, log: Logger): Promise<BatchResponse> {
  const { deps, settings } = rt;
  rt.inFlight.enter();
  try {
    // A valid token names the session before the body is read: a session over its limits is
    // refused before any decompressing, parsing or validating.
    const check = token ? verifySessionToken(deps.secrets, token) : null;
    if (check?.ok) {
      rt.limiter.take(check.claims.sessionId);
      rt.eventBudget.check(check.claims.sessionId);
    }
    // The body is checked before a bad token: a malformed request is told what is malformed.
    const decoded = await decodeBatchBody(body, settings.maxDecompressedBytes, settings.maxBatchEvents);
    const { batch } = decoded;
    if (!check) throw unauthorized('A session token is required (Authorization: Bearer <token>, or ?token=): start a session first.');
    if (!check.ok) throw unauthorized(check.reason);
    const { claims } = check;
    if (claims.sessionId !== batch.sessionId) throw unauthorized('The session token belongs to another session: start a new session.');

    const session = await sessionForBatch(deps.db, batch.sessionId, batch.seq);
    if (!session || session.projectId !== claims.projectId) throw unauthorized('This session is unknown here (deleted or expired): start a new session.');
    if (session.storedHash !== null) {
      if (session.storedHash === decoded.hash) return withHints(rt, claims.projectId, batch.sessionId, { seq: batch.seq, duplicate: true });
      throw conflictFor(batch.seq);
    }
    // 401, like an expired token: the tracker's answer to both is to start a new session.
    if (session.ended) throw unauthorized('This session has ended: start a new session.');
    await rt.backlog.check();
    // Charged once the batch is known to be new: resending a stored batch costs nothing.
    rt.eventBudget.charge(batch.sessionId, batch.recording.length + batch.events.length);

    const removed = sanitizeRecording(batch.recording);
    if (removed.removedElements || removed.removedAttributes) log.debug({ sessionId: batch.sessionId, seq: batch.seq, ...removed }, 'active content removed from a recording');
    const now = Date.now();
    const outcome = await unavailableOnFailure(log, 'Recordings cannot be stored', () => storeBatch(deps.db, deps.blobs, {
      projectId: claims.projectId,
      batch,
      hash: decoded.hash,
      receivedBytes: decoded.receivedBytes,
      jsonBytes: decoded.jsonBytes,
      clockOffsetMs: claims.clockOffsetMs,
      receivedAt: now,
      lastEventAt: lastEventTime(batch, claims.clockOffsetMs, now),
    }));
    if (!outcome.stored) return withHints(rt, claims.projectId, batch.sessionId, { seq: batch.seq, duplicate: true });
    deps.metrics.counter({ name: 'cassette_ingest_batches_accepted_total', help: 'Tracker batches stored (a repeat of a stored batch is not counted)' }).inc();
    try {
      await deps.jobs.enqueue(processSessionJob, { sessionId: batch.sessionId }, { jobId: processJobId(batch.sessionId, batch.seq) });
    } catch (error) {
      // Stored is stored: the sweep finds unprocessed batches and enqueues them again.
      log.warn({ err: error, sessionId: batch.sessionId, seq: batch.seq }, 'could not enqueue batch processing; the sweep will');
    }
    return withHints(rt, claims.projectId, batch.sessionId, { seq: batch.seq, duplicate: false });
  } finally {
    rt.inFlight.leave();
  }
}

export const batchRoute = route({
  method: 'POST',
  url: '/ingest/v1/batch',
  access: { auth: 'public' },
  cors: 'anyOrigin',
  rawBody: true,
  bodyLimit: ({ runtime }) => runtime.settings.maxBatchBytes,
  summary: 'Tracker: store one batch of a session (gzip or JSON body, session token); idempotent by sequence number',
  schema: {},
  handler: async ({ request, log, deps }) => acceptBatch(deps.runtime, request.body, tokenOf(request.query, request.headers.authorization), log),
});
