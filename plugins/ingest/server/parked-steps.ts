import { sql, type DatabaseService, type SqlRunner } from '@cassette/plugin-sdk/server';
import { PARKED_LIST_LIMIT, type ParkedStepKind } from '../shared/parked.js';

/** One parked step as stored (`ingest_parked_steps`). */
export interface ParkedStepRow {
  id: number;
  sessionId: string;
  projectId: number;
  tenantId: number;
  step: ParkedStepKind;
  /** -1 for a session's start or end. */
  seq: number;
  processor: string;
  error: string;
  attempts: number;
  parkedAt: number;
  retriedAt: number | null;
}

const COLUMNS = sql`id, session_id, project_id, tenant_id, step, seq, processor, error, attempts,
  (extract(epoch from parked_at) * 1000)::float8 as parked_at, (extract(epoch from retried_at) * 1000)::float8 as retried_at`;

function toRow(r: Record<string, unknown>): ParkedStepRow {
  return {
    id: Number(r.id),
    sessionId: String(r.session_id),
    projectId: Number(r.project_id),
    tenantId: Number(r.tenant_id),
    step: r.step as ParkedStepKind,
    seq: Number(r.seq),
    processor: String(r.processor),
    error: String(r.error),
    attempts: Number(r.attempts),
    parkedAt: Number(r.parked_at),
    retriedAt: r.retried_at === null || r.retried_at === undefined ? null : Number(r.retried_at),
  };
}

export interface StepToPark {
  sessionId: string;
  projectId: number;
  tenantId: number;
  step: ParkedStepKind;
  /** The batch's seq; absent for a session's start or end. */
  seq?: number;
  processor: string;
  error: string;
  attempts: number;
}

/** Parks a step; parking it again (a step retried by the pipeline after a failed retry) adds up the attempts. */
export async function parkStep(db: DatabaseService, step: StepToPark): Promise<void> {
  await db.sql(sql`insert into ingest_parked_steps (session_id, project_id, tenant_id, step, seq, processor, error, attempts)
     values (${step.sessionId}, ${step.projectId}, ${step.tenantId}, ${step.step}, ${step.seq ?? -1}, ${step.processor}, ${step.error}, ${step.attempts})
     on conflict (session_id, step, seq) do update set processor = excluded.processor, error = excluded.error,
       attempts = ingest_parked_steps.attempts + excluded.attempts, parked_at = now()`);
}

/**
 * A tenant's parked steps in the order the pipeline ran them: oldest session first (its id
 * starts with its start time), then its start, its batches by seq, its end. A retry of all
 * runs them in this order, so a session's start goes through before its batches.
 */
export async function listParkedSteps(run: SqlRunner, tenantId: number, limit = PARKED_LIST_LIMIT): Promise<{ steps: ParkedStepRow[]; total: number }> {
  const rows = await run<Record<string, unknown>>(sql`select ${COLUMNS} from ingest_parked_steps where tenant_id = ${tenantId}
     order by session_id, case step when 'sessionStarted' then 0 when 'batch' then 1 else 2 end, seq limit ${limit}`);
  return { steps: rows.map(toRow), total: await countParkedSteps(run, tenantId) };
}

export async function findParkedStep(run: SqlRunner, tenantId: number, id: number): Promise<ParkedStepRow | null> {
  const [row] = await run<Record<string, unknown>>(sql`select ${COLUMNS} from ingest_parked_steps where id = ${id} and tenant_id = ${tenantId}`);
  return row ? toRow(row) : null;
}

/** The step went through (or has nothing left to process): no longer parked. */
export async function unparkStep(run: SqlRunner, id: number): Promise<void> {
  await run(sql`delete from ingest_parked_steps where id = ${id}`);
}

/** A retry failed again: the step stays parked with the new error. */
export async function noteFailedRetry(run: SqlRunner, id: number, processor: string, error: string): Promise<void> {
  await run(sql`update ingest_parked_steps set processor = ${processor}, error = ${error}, attempts = attempts + 1, retried_at = now() where id = ${id}`);
}

/** Parked steps of a tenant, or of the whole install (the metrics gauge). */
export async function countParkedSteps(run: SqlRunner, tenantId?: number): Promise<number> {
  const [row] = await run<{ n: number }>(
    tenantId === undefined ? sql`select count(*)::int as n from ingest_parked_steps` : sql`select count(*)::int as n from ingest_parked_steps where tenant_id = ${tenantId}`,
  );
  return Number(row?.n ?? 0);
}
