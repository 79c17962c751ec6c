import { Type } from '@sinclair/typebox';
import { notFound, sql, type SqlRunner } from '@cassette/plugin-sdk/server';
import type { RecordingsService } from '@cassette/plugin-ingest/api';
import type { RecordingChunk, RecordingChunkInfo, RecordingIndex } from '../shared/recording.js';
import { route } from './deps.js';
import { chunkFacts, saveChunkFacts, type ChunkFacts } from './recording-index.processor.js';
import { requireSession, sessionIdParam } from './session-lookup.js';

/** A stored batch never changes: the browser may keep it for a day. */
export const CHUNK_CACHE_CONTROL = 'private, max-age=86400';
/**
 * Batches the index processor has not seen yet (its job lags, or failed) are read once and
 * indexed by the request; bounded, so one request never reads a whole long recording.
 */
export const BACKFILL_PER_REQUEST = 50;

interface ChunkRow {
  seq: number;
  page_no: number;
  first_ts: Date | string | null;
  last_ts: Date | string | null;
  has_full_snapshot: boolean;
  bytes: number;
}

const ms = (d: Date | string | null) => (d === null ? null : new Date(d).getTime());

function toInfo(f: ChunkFacts): RecordingChunkInfo {
  return { seq: f.seq, pageNo: f.pageNo, firstTimestamp: f.firstTs, lastTimestamp: f.lastTs, hasFullSnapshot: f.hasFullSnapshot, bytes: f.bytes };
}

async function recordingIndex(run: SqlRunner, recordings: RecordingsService, projectId: number, sessionId: string, startedAt: number): Promise<RecordingIndex> {
  const rows = await run<ChunkRow>(sql`select seq, page_no, first_ts, last_ts, has_full_snapshot, bytes from sessions_recording_chunks where project_id = ${projectId} and session_id = ${sessionId} order by seq`);
  const indexed = new Map<number, ChunkFacts>(
    rows.map((r) => [r.seq, { seq: r.seq, pageNo: r.page_no, firstTs: ms(r.first_ts), lastTs: ms(r.last_ts), hasFullSnapshot: r.has_full_snapshot, bytes: r.bytes }]),
  );
  // Ingest's list is the truth about which batches exist; the index only describes them.
  const stored = await recordings.listBatches(projectId, sessionId);
  const chunks: RecordingChunkInfo[] = [];
  let backfilled = 0;
  for (const batch of stored) {
    let facts = indexed.get(batch.seq);
    if (!facts && backfilled < BACKFILL_PER_REQUEST) {
      backfilled += 1;
      const decoded = await recordings.readBatch(projectId, sessionId, batch.seq);
      if (decoded) {
        facts = chunkFacts(decoded);
        await saveChunkFacts(run, projectId, sessionId, facts);
      }
    }
    // Past the backfill bound the chunk is still listed (it exists); its facts come on a later request.
    chunks.push(toInfo(facts ?? { seq: batch.seq, pageNo: batch.pageNo, firstTs: null, lastTs: null, hasFullSnapshot: false, bytes: batch.bytes }));
  }
  return { startedAt, chunks };
}

/** The player's table of contents for a recording (shared/recording.ts `RecordingIndex`). */
export const recordingIndexRoute = route({
  method: 'GET',
  url: '/sessions2/:sessionId/recording',
  access: { auth: 'user', project: true, permission: 'SESSION_REPLAY' },
  summary: "The session's recording chunks in order: times, page, whether a full snapshot starts there, approximate size",
  schema: { params: Type.Object({ sessionId: sessionIdParam }) },
  handler: async ({ params, deps, sql: run, projectId }): Promise<RecordingIndex> => {
    const { startedAt } = await requireSession(run, projectId, params.sessionId);
    return recordingIndex(run, deps.recordings, projectId, params.sessionId, startedAt);
  },
});

/** One chunk's rrweb events, exactly as stored (sanitized, on the server clock). */
export const recordingChunkRoute = route({
  method: 'GET',
  url: '/sessions2/:sessionId/recording/:seq',
  access: { auth: 'user', project: true, permission: 'SESSION_REPLAY' },
  summary: "One chunk of the session's recording (rrweb events); cacheable, a stored chunk never changes",
  schema: { params: Type.Object({ sessionId: sessionIdParam, seq: Type.Integer({ minimum: 0, maximum: 2_147_483_647 }) }) },
  // In rrweb mutations a null attribute or text means "removed": it must reach the player.
  keepNulls: true,
  handler: async ({ params, deps, sql: run, projectId, reply }): Promise<RecordingChunk> => {
    await requireSession(run, projectId, params.sessionId);
    const batch = await deps.recordings.readBatch(projectId, params.sessionId, params.seq);
    if (!batch) throw notFound('Recording chunk not found');
    reply.header('Cache-Control', CHUNK_CACHE_CONTROL);
    return { seq: batch.seq, events: batch.recording };
  },
});
