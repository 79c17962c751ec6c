import { Type } from '@sinclair/typebox';
import { defineJob, sql, type Logger } from '@cassette/plugin-sdk/server';
import { processSessionJob } from './process-session.job.js';
import type { IngestRuntime } from './runtime.js';

export const sweepJob = defineJob({ name: 'ingest.sweep', schema: Type.Object({}), attempts: 1 });

const LIMIT = 1000;

/**
 * The safety net of the pipeline: sessions with stored but unprocessed batches (a crash,
 * a restart, a lost enqueue) are enqueued again, and open sessions that went silent or
 * sent their final batch are enqueued so the processor ends them. Runs at start too.
 */
export async function sweep(rt: IngestRuntime, log: Logger, now = Date.now()): Promise<number> {
  const { db, jobs } = rt.deps;
  const silentSince = new Date(now - rt.settings.sessionSilenceMinutes * 60_000);
  const nowDate = new Date(now);
  // Two narrow queries, each served by a partial index (unprocessed batches; open sessions).
  const unprocessed = await db.sql<{ id: string }>(sql`select distinct session_id as id from ingest_batches where processed_at is null limit ${LIMIT}`);
  const due = await db.sql<{ id: string }>(sql`select id from ingest_sessions where ended_at is null and (final_seq is not null or coalesce(last_batch_at, started_at) <= ${silentSince})
       and (lease_until is null or lease_until < ${nowDate}) limit ${LIMIT}`);
  const rows = [...new Map([...unprocessed, ...due].map((r) => [r.id, r])).values()];
  // One id per sweep round: a job still queued from the last round absorbs this one.
  const round = Math.floor(now / (rt.settings.sweepEverySeconds * 1000));
  for (const { id } of rows) await jobs.enqueue(processSessionJob, { sessionId: id }, { jobId: `ingest-process-${id}-sweep-${round}` });
  if (rows.length) log.debug({ sessions: rows.length }, 'ingest sweep enqueued sessions');
  return rows.length;
}
