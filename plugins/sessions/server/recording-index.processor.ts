import { sql, type SqlRunner } from '@cassette/plugin-sdk/server';
import type { DecodedBatch, IngestProcessor, RecordingEvent } from '@cassette/plugin-ingest/api';

/** rrweb's EventType.FullSnapshot: playback, and a seek, can start from such an event. */
export const RRWEB_FULL_SNAPSHOT = 2;

/** What the player's recording index says about one stored batch. */
export interface ChunkFacts {
  seq: number;
  pageNo: number;
  firstTs: number | null;
  lastTs: number | null;
  hasFullSnapshot: boolean;
  bytes: number;
}

const MAX_INT = 2_147_483_647;
// Before 2000 or after 9999 is a broken clock; such events do not move the chunk's bounds.
const plausibleTime = (ts: unknown): ts is number => typeof ts === 'number' && Number.isFinite(ts) && ts >= 946_684_800_000 && ts <= 253_402_300_799_999;

export function chunkFacts(batch: Pick<DecodedBatch, 'seq' | 'pageNo' | 'recording'>): ChunkFacts {
  let first = Infinity;
  let last = -Infinity;
  let hasFullSnapshot = false;
  for (const event of batch.recording as RecordingEvent[]) {
    if (event?.type === RRWEB_FULL_SNAPSHOT) hasFullSnapshot = true;
    if (!plausibleTime(event?.timestamp)) continue;
    if (event.timestamp < first) first = event.timestamp;
    if (event.timestamp > last) last = event.timestamp;
  }
  let bytes: number;
  try {
    // Approximate on purpose: the UI only uses it to show progress and plan prefetching.
    bytes = Math.min(MAX_INT, JSON.stringify(batch.recording).length);
  } catch {
    bytes = 0;
  }
  return {
    seq: batch.seq,
    pageNo: batch.pageNo,
    firstTs: Number.isFinite(first) ? first : null,
    lastTs: Number.isFinite(last) ? last : null,
    hasFullSnapshot,
    bytes,
  };
}

/** Idempotent per (session, seq): a replayed batch rewrites the same facts. */
export async function saveChunkFacts(run: SqlRunner, projectId: number, sessionId: string, facts: ChunkFacts): Promise<void> {
  await run(sql`insert into sessions_recording_chunks (project_id, session_id, seq, page_no, first_ts, last_ts, has_full_snapshot, bytes)
     values (${projectId}, ${sessionId}, ${facts.seq}, ${facts.pageNo}, ${facts.firstTs === null ? null : new Date(facts.firstTs)}, ${facts.lastTs === null ? null : new Date(facts.lastTs)}, ${facts.hasFullSnapshot}, ${facts.bytes})
     on conflict (session_id, seq) do update set
       page_no = excluded.page_no, first_ts = excluded.first_ts, last_ts = excluded.last_ts,
       has_full_snapshot = excluded.has_full_snapshot, bytes = excluded.bytes`);
}

/**
 * Keeps `sessions_recording_chunks`, so the player's recording index is one small query
 * instead of a read of every stored blob.
 */
export const recordingIndexProcessor: IngestProcessor = {
  id: 'sessions.recordingIndex',
  // After the summary (10) and the issue heuristics: it only needs the batch itself.
  order: 30,
  async batch(session, batch, { sql: run }) {
    await saveChunkFacts(run, session.projectId, session.sessionId, chunkFacts(batch));
  },
};
