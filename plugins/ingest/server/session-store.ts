import { sql, trusted, type DatabaseService } from '@cassette/plugin-sdk/server';
import type { IngestSession } from '../api.js';

export interface SessionRow {
  id: string;
  projectId: number;
  tenantId: number;
  startedAt: number;
  info: IngestSession;
  lastBatchAt: number | null;
  lastEventAt: number | null;
  nextSeq: number;
  storedBatches: number;
  processedBatches: number;
  processingStarted: boolean;
  finalSeq: number | null;
  failures: number;
  endedAt: number | null;
  endReason: 'final' | 'silence' | null;
}

const ms = (column: string) => `(extract(epoch from ${column}) * 1000)::float8 as ${column}`;

const SESSION_COLUMNS = trusted(
  [
    'id',
    'project_id',
    'tenant_id',
    ms('started_at'),
    'info',
    ms('last_batch_at'),
    ms('last_event_at'),
    'next_seq',
    'stored_batches',
    'processed_batches',
    'processing_started',
    'final_seq',
    'failures',
    ms('ended_at'),
    'end_reason',
  ].join(', '),
);

type Raw = Record<string, unknown>;
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function toRow(r: Raw): SessionRow {
  return {
    id: String(r.id),
    projectId: Number(r.project_id),
    tenantId: Number(r.tenant_id),
    startedAt: Number(r.started_at),
    info: (typeof r.info === 'string' ? JSON.parse(r.info) : r.info) as IngestSession,
    lastBatchAt: num(r.last_batch_at),
    lastEventAt: num(r.last_event_at),
    nextSeq: Number(r.next_seq),
    storedBatches: Number(r.stored_batches),
    processedBatches: Number(r.processed_batches),
    processingStarted: r.processing_started === true,
    finalSeq: num(r.final_seq),
    failures: Number(r.failures),
    endedAt: num(r.ended_at),
    endReason: (r.end_reason as SessionRow['endReason']) ?? null,
  };
}

export async function insertSession(db: DatabaseService, session: IngestSession): Promise<void> {
  await db.sql(sql`insert into ingest_sessions (id, project_id, tenant_id, started_at, info) values (${session.sessionId}, ${session.projectId}, ${session.tenantId}, ${new Date(session.startedAt)}, ${JSON.stringify(session)}::jsonb)`);
}

export async function findSession(db: DatabaseService, sessionId: string): Promise<SessionRow | null> {
  const rows = await db.sql<Raw>(sql`select ${SESSION_COLUMNS} from ingest_sessions where id = ${sessionId}`);
  return rows[0] ? toRow(rows[0]) : null;
}

/** The next sequence number the tracker should send: one past the highest stored. */
export async function nextSeqToSend(db: DatabaseService, sessionId: string): Promise<number> {
  const [row] = await db.sql<{ max: number | null }>(sql`select max(seq) as max from ingest_batches where session_id = ${sessionId}`);
  return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1;
}

/** Takes the session for one worker unless another holds an unexpired lease; true when taken. */
export async function takeLease(db: DatabaseService, sessionId: string, owner: string, leaseMs: number, now = Date.now()): Promise<boolean> {
  const rows = await db.sql(sql`update ingest_sessions set lease_owner = ${owner}, lease_until = ${new Date(now + leaseMs)} where id = ${sessionId} and (lease_until is null or lease_until < ${new Date(now)} or lease_owner = ${owner}) returning id`);
  return rows.length > 0;
}

export async function releaseLease(db: DatabaseService, sessionId: string, owner: string): Promise<void> {
  await db.sql(sql`update ingest_sessions set lease_owner = null, lease_until = null where id = ${sessionId} and lease_owner = ${owner}`);
}

/**
 * What the batch endpoint must know before storing, in one round trip: whose session, ended or
 * not, and this seq's hash if stored. A batch numbered after the session's final one counts as
 * ended too: processing ends the session at its final batch, so it would be stored and never
 * processed.
 */
export async function sessionForBatch(db: DatabaseService, sessionId: string, seq: number): Promise<{ projectId: number; ended: boolean; storedHash: string | null } | null> {
  const [row] = await db.sql<{ project_id: number; ended: boolean; content_hash: string | null }>(sql`select s.project_id, (s.ended_at is not null or s.final_seq < ${seq}) as ended, b.content_hash
       from ingest_sessions s left join ingest_batches b on b.session_id = s.id and b.seq = ${seq}
      where s.id = ${sessionId}`);
  return row ? { projectId: Number(row.project_id), ended: row.ended === true, storedHash: row.content_hash ?? null } : null;
}
