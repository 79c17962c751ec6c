import { randomUUID } from 'node:crypto';
import { conflict, sql, type Logger } from '@cassette/plugin-sdk/server';
import type { ProcessorContext, SessionEnd } from '../api.js';
import type { RetryOutcome } from '../shared/parked.js';
import { findBatch } from './batch-store.js';
import { parkedErrorText } from './parked-error.js';
import { noteFailedRetry, unparkStep, type ParkedStepRow } from './parked-steps.js';
import { callEach, ProcessorFailure, readBatchForProcessing } from './process-session.job.js';
import type { IngestRuntime } from './runtime.js';
import { findSession, releaseLease, takeLease } from './session-store.js';

export const SESSION_BUSY = 'This session is being processed right now: retry it in a minute.';

/**
 * Runs a parked step again: every processor, in order, on the session's start, the stored
 * batch or the session's end (processors are idempotent per session and seq, so those that
 * had already taken it take it again harmlessly). Under the session's lease, as the pipeline
 * runs, so the two never feed one session at once; a session being processed is refused
 * with 409. Success (or a session or recording deleted meanwhile) unparks the step; a new
 * failure keeps it parked with the new error.
 */
export async function retryParkedStep(rt: IngestRuntime, parked: ParkedStepRow, log: Logger): Promise<RetryOutcome> {
  const { db } = rt.deps;
  const owner = randomUUID();
  if (!(await takeLease(db, parked.sessionId, owner, rt.settings.leaseSeconds * 1000))) {
    // No session row to lease: it was deleted (retention, GDPR) along with what it recorded.
    if (!(await findSession(db, parked.sessionId))) return unpark(rt, parked, 'gone');
    throw conflict(SESSION_BUSY);
  }
  try {
    const session = await findSession(db, parked.sessionId);
    if (!session) return await unpark(rt, parked, 'gone');
    const stepLog = log.child({ sessionId: session.id, projectId: session.projectId, parkedStep: parked.id });
    const context = (processor: string): ProcessorContext => ({ sql: db.sql, events: rt.deps.events, log: stepLog.child({ processor }) });
    const what = parked.step === 'batch' ? `batch ${parked.seq}` : parked.step;
    try {
      if (parked.step === 'sessionStarted') {
        await callEach(rt.processors, stepLog, what, (p) => p.sessionStarted?.(session.info, context(p.id)));
      } else if (parked.step === 'sessionEnded') {
        const end: SessionEnd = { endedAt: session.lastEventAt ?? session.lastBatchAt ?? session.startedAt, batches: session.processedBatches, reason: session.endReason ?? 'silence' };
        await callEach(rt.processors, stepLog, what, (p) => p.sessionEnded?.(session.info, end, context(p.id)));
      } else {
        const row = await findBatch(db, session.id, parked.seq);
        const batch = row ? await readBatchForProcessing(rt.deps.blobs, row) : null;
        if (!batch) return await unpark(rt, parked, 'gone');
        await callEach(rt.processors, stepLog, what, (p) => p.batch?.(session.info, batch, context(p.id)));
        if (batch.events.some((e) => e.type === 'user_id' && e.userId)) await rt.deps.onboarding.markDone(session.tenantId, 'identifyUsers');
      }
    } catch (error) {
      if (!(error instanceof ProcessorFailure)) throw error;
      const text = parkedErrorText(error.cause);
      await noteFailedRetry(db.sql, parked.id, error.processor, text);
      return { id: parked.id, outcome: 'failing', processor: error.processor, error: text };
    }
    stepLog.info({ step: what }, 'a parked ingest step went through on retry');
    return await unpark(rt, parked, 'processed');
  } finally {
    await releaseLease(db, parked.sessionId, owner);
  }
}

async function unpark(rt: IngestRuntime, parked: ParkedStepRow, outcome: 'processed' | 'gone'): Promise<RetryOutcome> {
  const { db } = rt.deps;
  await db.sql.transaction(async (run) => {
    await unparkStep(run, parked.id);
    if (parked.step === 'batch') {
      await run(sql`update ingest_batches set skipped_reason = ${outcome === 'gone' ? 'blob missing' : null} where session_id = ${parked.sessionId} and seq = ${parked.seq} and skipped_reason = 'parked'`);
    }
  });
  return { id: parked.id, outcome };
}
