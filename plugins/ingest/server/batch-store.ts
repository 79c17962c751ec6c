import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { conflict, sql, trusted, type BlobStore, type DatabaseService } from '@cassette/plugin-sdk/server';
import type { BatchRequest } from '@cassette/tracker/protocol';
import type { DecodedBatch } from '../api.js';
import { isSessionId } from './session-id.js';

export interface StoredBatchRow {
  sessionId: string;
  seq: number;
  projectId: number;
  pageNo: number;
  blobKey: string;
  contentHash: string;
  clockOffsetMs: number;
  isFinal: boolean;
  receivedAt: number;
  storedBytes: number;
  processed: boolean;
}

const BATCH_COLUMNS = trusted(
  'session_id, seq, project_id, page_no, blob_key, content_hash, clock_offset_ms::float8 as clock_offset_ms, is_final, (extract(epoch from received_at) * 1000)::float8 as received_at, stored_bytes, processed_at is not null as processed',
);

function toRow(r: Record<string, unknown>): StoredBatchRow {
  return {
    sessionId: String(r.session_id),
    seq: Number(r.seq),
    projectId: Number(r.project_id),
    pageNo: Number(r.page_no),
    blobKey: String(r.blob_key),
    contentHash: String(r.content_hash),
    clockOffsetMs: Number(r.clock_offset_ms),
    isFinal: r.is_final === true,
    receivedAt: Number(r.received_at),
    storedBytes: Number(r.stored_bytes),
    processed: r.processed === true,
  };
}

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

export function sessionPrefix(projectId: number, sessionId: string): string {
  return `ingest/${projectId}/${sessionId}/`;
}

/**
 * The content hash is part of the key: two different bodies racing for one sequence number
 * never overwrite each other's bytes, and the loser's blob is deleted.
 */
export function batchBlobKey(projectId: number, sessionId: string, seq: number, hash: string): string {
  return `${sessionPrefix(projectId, sessionId)}${seq}-${hash.slice(0, 16)}.json.gz`;
}

export async function findBatch(db: DatabaseService, sessionId: string, seq: number): Promise<StoredBatchRow | null> {
  const rows = await db.sql<Record<string, unknown>>(sql`select ${BATCH_COLUMNS} from ingest_batches where session_id = ${sessionId} and seq = ${seq}`);
  return rows[0] ? toRow(rows[0]) : null;
}

export async function unprocessedBatches(db: DatabaseService, sessionId: string, limit: number): Promise<StoredBatchRow[]> {
  const rows = await db.sql<Record<string, unknown>>(sql`select ${BATCH_COLUMNS} from ingest_batches where session_id = ${sessionId} and processed_at is null order by seq limit ${limit}`);
  return rows.map(toRow);
}

export async function batchesOf(db: DatabaseService, projectId: number, sessionId: string): Promise<StoredBatchRow[]> {
  const rows = await db.sql<Record<string, unknown>>(sql`select ${BATCH_COLUMNS} from ingest_batches where project_id = ${projectId} and session_id = ${sessionId} order by seq`);
  return rows.map(toRow);
}

export interface NewBatch {
  projectId: number;
  batch: BatchRequest;
  hash: string;
  receivedBytes: number;
  jsonBytes: number;
  clockOffsetMs: number;
  /** Server clock: when it arrived, and its latest event (null when it has none). */
  receivedAt: number;
  lastEventAt: number | null;
}

export type StoreOutcome = { stored: true } | { stored: false; duplicate: true };

/**
 * Durable before it answers: the blob is written (and fsync'd by the store) first, then
 * the row that makes it visible, in one statement with the session's bookkeeping (last
 * batch time, final batch). A crash between the two leaves an orphan blob under the
 * session's prefix, which deleting the session removes; never a row without its bytes.
 * Idempotent by (session, seq): the first write wins; the same content again is a
 * duplicate; different content is a conflict and nothing is kept.
 */
export async function storeBatch(db: DatabaseService, blobs: BlobStore, input: NewBatch): Promise<StoreOutcome> {
  const { batch, projectId, hash } = input;
  const key = batchBlobKey(projectId, batch.sessionId, batch.seq, hash);
  const bytes = await gzipAsync(JSON.stringify(batch));
  await blobs.put(key, bytes, { contentType: 'application/gzip' });
  const isFinal = batch.final === true;
  const [row] = await db.sql<{ inserted: number }>(sql`with inserted as (
       insert into ingest_batches (session_id, seq, project_id, page_no, blob_key, content_hash, received_bytes, json_bytes, stored_bytes, clock_offset_ms, is_final, received_at)
       values (${batch.sessionId}, ${batch.seq}, ${projectId}, ${batch.pageNo}, ${key}, ${hash}, ${input.receivedBytes}, ${input.jsonBytes}, ${bytes.length}, ${Math.round(input.clockOffsetMs)}, ${isFinal}, ${new Date(input.receivedAt)}) on conflict (session_id, seq) do nothing returning seq
     ), touched as (
       update ingest_sessions set last_batch_at = ${new Date(input.receivedAt)}, stored_batches = stored_batches + 1,
         last_event_at = greatest(coalesce(last_event_at, started_at), coalesce(${input.lastEventAt === null ? null : new Date(input.lastEventAt)}::timestamptz, started_at)),
         final_seq = case when ${isFinal} then least(coalesce(final_seq, ${batch.seq}), ${batch.seq}) else final_seq end
       where id = ${batch.sessionId} and exists (select 1 from inserted) returning id
     )
     select (select count(*) from inserted)::int as inserted, (select count(*) from touched)::int as touched`);
  if (Number(row?.inserted) > 0) return { stored: true };
  const winner = await findBatch(db, batch.sessionId, batch.seq);
  if (winner && winner.contentHash === hash) return { stored: false, duplicate: true };
  if (!winner || winner.blobKey !== key) await blobs.delete(key);
  throw conflictFor(batch.seq);
}

export function conflictFor(seq: number) {
  return conflict(`Batch ${seq} of this session was already stored with different content; nothing was stored.`);
}

/** A stored batch with its timestamps moved onto the server clock. */
export async function readStoredBatch(blobs: BlobStore, row: StoredBatchRow): Promise<DecodedBatch | null> {
  const bytes = await blobs.get(row.blobKey);
  if (!bytes) return null;
  const batch = JSON.parse((await gunzipAsync(bytes)).toString('utf8')) as BatchRequest;
  const shift = row.clockOffsetMs;
  for (const event of batch.recording) event.timestamp += shift;
  for (const event of batch.events) event.ts += shift;
  return {
    sessionId: row.sessionId,
    projectId: row.projectId,
    seq: row.seq,
    pageNo: row.pageNo,
    receivedAt: row.receivedAt,
    recording: batch.recording,
    events: batch.events,
    final: batch.final === true,
  };
}

/**
 * Drops sessions' blobs (orphans included) and every ingest row about them. Blobs go
 * first: if this is interrupted, what is left is rows whose bytes are already gone
 * (readers treat them as missing), never recorded bytes nobody can find to delete.
 */
export async function deleteSessionData(db: DatabaseService, blobs: BlobStore, projectId: number, sessionIds: string[]): Promise<number> {
  let deleted = 0;
  for (const sessionId of new Set(sessionIds)) {
    if (!isSessionId(sessionId)) continue;
    const rows = await db.sql<{ blob_key: string }>(sql`select blob_key from ingest_batches where session_id = ${sessionId} and project_id = ${projectId}`);
    const keys = new Set([...rows.map((r) => r.blob_key), ...(await blobs.list(sessionPrefix(projectId, sessionId)))]);
    for (const key of keys) await blobs.delete(key);
    await db.sql(sql`delete from ingest_batches where session_id = ${sessionId} and project_id = ${projectId}`);
    await db.sql(sql`delete from ingest_parked_steps where session_id = ${sessionId} and project_id = ${projectId}`);
    const gone = await db.sql(sql`delete from ingest_sessions where id = ${sessionId} and project_id = ${projectId} returning id`);
    if (gone.length || rows.length) deleted++;
  }
  return deleted;
}
