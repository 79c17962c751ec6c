import { randomUUID } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import { defineJob, sql, type BlobStore, type Logger } from '@cassette/plugin-sdk/server';
import { SESSION_ID_PATTERN, type DecodedBatch, type IngestProcessor, type IngestSession, type ProcessorContext, type SessionEnd } from '../api.js';
import { sliceBatch } from './batch-slices.js';
import { readStoredBatch, unprocessedBatches, type StoredBatchRow } from './batch-store.js';
import { PARK_AFTER_FAILURES } from '../shared/parked.js';
import { parkedErrorText } from './parked-error.js';
import { parkedStepsCounter } from './parked-metrics.js';
import { parkStep } from './parked-steps.js';
import type { IngestRuntime } from './runtime.js';
import { findSession, releaseLease, takeLease, type SessionRow } from './session-store.js';

export const processSessionJob = defineJob({
  name: 'ingest.processSession',
  schema: Type.Object({ sessionId: Type.String({ pattern: SESSION_ID_PATTERN }) }),
  attempts: 5,
  backoffMs: 1000,
  concurrency: 4,
});

/** One job per stored batch; a retry of the same batch's enqueue is absorbed. */
export function processJobId(sessionId: string, seq: number): string {
  return `ingest-process-${sessionId}-${seq}`;
}

/** After this many processor failures a step is parked (kept for an admin to retry) so one bad batch cannot block a session forever. */
export const MAX_FAILURES = PARK_AFTER_FAILURES;

const PAGE = 50;

/** A processor threw: which one, and (as the cause) what it threw. */
/** The name a parked batch shows when it was its stored recording, not a processor, that failed. */
export const STORED_BATCH_READER = 'ingest.storedBatch';

/** The stored batch, or null when its blob is gone; a blob that no longer reads fails like a processor. */
export function readBatchForProcessing(blobs: BlobStore, row: StoredBatchRow): Promise<DecodedBatch | null> {
  return readStoredBatch(blobs, row).catch((error: unknown) => {
    throw new ProcessorFailure(STORED_BATCH_READER, `the stored batch ${row.seq} could not be read`, { cause: error });
  });
}

export class ProcessorFailure extends Error {
  constructor(
    readonly processor: string,
    message: string,
    options: { cause: unknown },
  ) {
    super(message, options);
  }
}

export async function callEach(processors: IngestProcessor[], log: Logger, what: string, call: (p: IngestProcessor) => Promise<void> | undefined): Promise<void> {
  for (const processor of processors) {
    try {
      await call(processor);
    } catch (error) {
      log.error({ err: error, processor: processor.id, step: what }, `ingest processor "${processor.id}" failed`);
      throw new ProcessorFailure(processor.id, `processor ${processor.id} failed on ${what}`, { cause: error });
    }
  }
}

/**
 * Feeds one session's stored batches to the processors, in sequence order, under a lease
 * so that two workers never process one session at once. Every step is recorded before
 * the next, so a crash repeats at most the step it interrupted.
 */
export class SessionProcessor {
  constructor(
    private readonly rt: IngestRuntime,
    private readonly log: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  private get db() {
    return this.rt.deps.db;
  }

  private context(log: Logger): ProcessorContext {
    return { sql: this.db.sql, events: this.rt.deps.events, log };
  }

  async run(sessionId: string): Promise<void> {
    const owner = randomUUID();
    const leaseMs = this.rt.settings.leaseSeconds * 1000;
    // Bounded: each pass either makes progress or stops; batches arriving meanwhile get their own job.
    for (let pass = 0; pass < 100; pass++) {
      if (!(await takeLease(this.db, sessionId, owner, leaseMs, this.now()))) {
        // Someone else holds it; come back once their lease may be over so nothing waits for the sweep.
        await this.rt.deps.jobs.enqueue(processSessionJob, { sessionId }, { jobId: `ingest-process-${sessionId}-later-${Math.floor(this.now() / 1000)}`, delayMs: 1000 });
        return;
      }
      let again = false;
      try {
        again = await this.passUnderLease(sessionId, owner);
      } finally {
        await releaseLease(this.db, sessionId, owner);
      }
      if (!again) return;
    }
  }

  /** One pass; true when batches that can be processed now are left (they arrived during the pass). */
  private async passUnderLease(sessionId: string, owner: string): Promise<boolean> {
    const session = await findSession(this.db, sessionId);
    if (!session || session.endedAt !== null) {
      if (session) await this.markLateBatchesProcessed(session);
      return false;
    }
    const log = this.log.child({ sessionId, projectId: session.projectId });
    let nextSeq = session.nextSeq;
    let processingStarted = session.processingStarted;
    let gapWait: number | null = null;

    for (;;) {
      const batches = await unprocessedBatches(this.db, sessionId, PAGE);
      if (!batches.length) break;
      let progressed = false;
      for (const row of batches) {
        if (row.seq > nextSeq) {
          // A batch is missing. Wait for it a while (retries are in flight), then go on without it.
          const waited = this.now() - row.receivedAt;
          const limit = this.rt.settings.gapSkipSeconds * 1000;
          if (waited < limit && !this.silent(session)) {
            gapWait = limit - waited;
            break;
          }
          log.warn({ missingFrom: nextSeq, missingTo: row.seq - 1 }, 'batches never arrived; going on without them');
          nextSeq = row.seq;
        }
        if (!processingStarted) {
          await this.step(session, log, 'sessionStarted', () =>
            callEach(this.rt.processors, log, 'sessionStarted', (p) => p.sessionStarted?.(session.info, this.context(log.child({ processor: p.id })))),
          );
          await this.db.sql(sql`update ingest_sessions set processing_started = true, failures = 0 where id = ${sessionId}`);
          processingStarted = true;
        }
        await this.processBatch(session, row, log);
        // A batch that came late (its gap was skipped) is delivered but does not move the cursor back.
        nextSeq = Math.max(nextSeq, row.seq + 1);
        await this.db.sql(sql`update ingest_sessions set next_seq = greatest(next_seq, ${nextSeq}), processed_batches = processed_batches + 1, failures = 0, lease_until = ${new Date(this.now() + this.rt.settings.leaseSeconds * 1000)} where id = ${sessionId} and lease_owner = ${owner}`);
        progressed = true;
      }
      if (gapWait !== null || !progressed) break;
    }

    if (gapWait !== null) {
      await this.rt.deps.jobs.enqueue(processSessionJob, { sessionId }, { jobId: `ingest-process-${sessionId}-gap-${nextSeq}`, delayMs: Math.ceil(gapWait) + 50 });
      return false;
    }
    const fresh = await findSession(this.db, sessionId);
    if (!fresh) return false;
    const endedByTracker = fresh.finalSeq !== null && fresh.nextSeq > fresh.finalSeq;
    if (endedByTracker || this.silent(fresh)) {
      const pending = await unprocessedBatches(this.db, sessionId, 1);
      if (pending.length && !this.silent(fresh)) return true;
      await this.end(fresh, endedByTracker ? 'final' : 'silence', log);
      return false;
    }
    const pending = await unprocessedBatches(this.db, sessionId, 1);
    return pending.length > 0 && pending[0]!.seq <= fresh.nextSeq;
  }

  private silent(session: SessionRow): boolean {
    const last = session.lastBatchAt ?? session.startedAt;
    return this.now() - last >= this.rt.settings.sessionSilenceMinutes * 60_000;
  }

  private async processBatch(session: SessionRow, row: StoredBatchRow, log: Logger): Promise<void> {
    let missing = false;
    // Reading the stored batch is a step like the processors' calls: a blob that no longer
    // unzips or parses is counted, then parked for an admin, instead of failing the session's
    // job forever and holding back every later batch.
    await this.step(
      session,
      log,
      `batch ${row.seq}`,
      async () => {
        const decoded = await readBatchForProcessing(this.rt.deps.blobs, row);
        if (!decoded) missing = true;
        else await this.deliver(session.info, decoded, log);
      },
      row,
    );
    if (missing) {
      log.error({ seq: row.seq, blobKey: row.blobKey }, 'a stored batch has lost its recording; skipped');
      await this.db.sql(sql`update ingest_batches set processed_at = now(), skipped_reason = 'blob missing' where session_id = ${row.sessionId} and seq = ${row.seq}`);
      return;
    }
    await this.db.sql(sql`update ingest_batches set processed_at = now() where session_id = ${row.sessionId} and seq = ${row.seq} and processed_at is null`);
  }

  /**
   * A big batch goes to the processors that take slices one slice at a time, yielding between
   * slices so other sessions' jobs and waiting requests are not held up by one sender; the
   * others get it whole, in their turn among the last slice's calls. The yield matters most on
   * the embedded database: its statements run in this thread and resolve without I/O, so a
   * batch's statements one after another would keep every request waiting until the last.
   */
  private async deliver(info: IngestSession, batch: DecodedBatch, log: Logger): Promise<void> {
    const slices = sliceBatch(batch, this.rt.settings.sliceEvents);
    for (const [i, slice] of slices.entries()) {
      if (i > 0) await new Promise((resolve) => setImmediate(resolve));
      const last = i === slices.length - 1;
      const what = slices.length > 1 ? `batch ${batch.seq} (slice ${i + 1} of ${slices.length})` : `batch ${batch.seq}`;
      await callEach(this.rt.processors, log, what, (p) => {
        const given = p.slices ? slice : last ? batch : null;
        return given ? p.batch?.(info, given, this.context(log.child({ processor: p.id }))) : undefined;
      });
    }
    // The onboarding task "Identify users" is done once any session names its user.
    if (batch.events.some((e) => e.type === 'user_id' && e.userId)) await this.rt.deps.onboarding.markDone(info.tenantId, 'identifyUsers');
  }

  /**
   * Runs one step; a failure counts against the session and is retried by the job's attempts
   * and the sweep. After MAX_FAILURES the step is parked, with the failing processor and its
   * error, for an admin to see and retry (parked-steps.ts), so later batches are not held back
   * and nothing is dropped unseen.
   */
  private async step(session: SessionRow, log: Logger, what: string, run: () => Promise<void>, row?: StoredBatchRow): Promise<void> {
    try {
      await run();
    } catch (error) {
      if (!(error instanceof ProcessorFailure)) throw error;
      const [counted] = await this.db.sql<{ failures: number }>(sql`update ingest_sessions set failures = failures + 1 where id = ${session.id} returning failures`);
      const failures = Number(counted?.failures ?? 0);
      if (failures < MAX_FAILURES) throw error;
      await parkStep(this.db, {
        sessionId: session.id,
        projectId: session.projectId,
        tenantId: session.tenantId,
        step: row ? 'batch' : what === 'sessionStarted' ? 'sessionStarted' : 'sessionEnded',
        ...(row ? { seq: row.seq } : {}),
        processor: error.processor,
        error: parkedErrorText(error.cause),
        attempts: failures,
      });
      if (row) await this.db.sql(sql`update ingest_batches set skipped_reason = 'parked' where session_id = ${row.sessionId} and seq = ${row.seq}`);
      await this.db.sql(sql`update ingest_sessions set failures = 0 where id = ${session.id}`);
      parkedStepsCounter(this.rt.deps.metrics).inc();
      log.error({ step: what, processor: error.processor, failures }, 'ingest step parked after repeated processor failures; an admin can retry it in Preferences');
    }
  }

  private async end(session: SessionRow, reason: SessionEnd['reason'], log: Logger): Promise<void> {
    // Batches still unprocessed at the end are gaps nobody filled: they are kept for replay but not processed.
    await this.markLateBatchesProcessed(session);
    if (session.processingStarted) {
      const end: SessionEnd = { endedAt: session.lastEventAt ?? session.lastBatchAt ?? session.startedAt, batches: session.processedBatches, reason };
      await this.step(session, log, 'sessionEnded', () =>
        callEach(this.rt.processors, log, 'sessionEnded', (p) => p.sessionEnded?.(session.info, end, this.context(log.child({ processor: p.id })))),
      );
    }
    await this.db.sql(sql`update ingest_sessions set ended_at = ${new Date(this.now())}, end_reason = ${reason} where id = ${session.id} and ended_at is null`);
    log.debug({ reason, batches: session.processedBatches }, 'session ended');
  }

  private async markLateBatchesProcessed(session: SessionRow): Promise<void> {
    await this.db.sql(sql`update ingest_batches set processed_at = now(), skipped_reason = 'session ended' where session_id = ${session.id} and processed_at is null`);
  }
}
