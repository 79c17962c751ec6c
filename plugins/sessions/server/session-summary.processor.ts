import type { DecodedBatch, IngestProcessor, IngestSession } from '@cassette/plugin-ingest/api';
import { eventRows, eventTime } from './event-rows.js';
import { applyTimings, finishSession, insertEvents, moveLastActivity, moveStartBack, refreshIdentity, refreshSummary, startIdentityRows, upsertSession } from './session-writer.js';

/** The latest activity a batch shows (DOM or semantic), never later than when it arrived. */
function lastActivity(batch: DecodedBatch): number | null {
  let latest = -Infinity;
  for (const e of batch.recording) if (typeof e.timestamp === 'number' && e.timestamp > latest) latest = e.timestamp;
  for (const e of batch.events) if (typeof e.ts === 'number' && e.ts > latest) latest = e.ts;
  if (!Number.isFinite(latest)) return null;
  return eventTime(Math.min(latest, batch.receivedAt), batch.receivedAt).getTime();
}

/** The earliest activity a batch shows (the page load, recorded before the session started); null when none is a plausible time. */
function firstActivity(batch: DecodedBatch): number | null {
  let earliest = Infinity;
  const consider = (ts: unknown) => {
    // A broken clock counts as the batch's arrival, which moves no start back.
    const at = eventTime(ts, batch.receivedAt).getTime();
    if (at < earliest) earliest = at;
  };
  for (const e of batch.recording) consider(e.timestamp);
  for (const e of batch.events) consider(e.ts);
  return Number.isFinite(earliest) ? earliest : null;
}

/**
 * Keeps the session summary and the searchable events of every recorded session. Runs in
 * ingest's jobs; each method is idempotent per (session, seq), see session-writer.ts.
 */
export const sessionSummaryProcessor: IngestProcessor = {
  id: 'sessions.summary',
  // First: other processors may read the summary this one writes.
  order: 10,
  // Its work grows with the events: a big batch comes in slices.
  slices: true,

  async sessionStarted(session: IngestSession, { sql: run }) {
    await upsertSession(run, session, 'refresh');
    await insertEvents(run, session.projectId, session.sessionId, startIdentityRows(session));
    await refreshIdentity(run, session.sessionId);
  },

  async batch(session: IngestSession, batch: DecodedBatch, { sql: run }) {
    // A start lost before its job ran must not lose the batch's events.
    await upsertSession(run, session, 'ifMissing');
    const { rows, timings } = eventRows(batch.seq, batch.events, batch.receivedAt, batch.slice?.eventOffset ?? 0);
    await insertEvents(run, session.projectId, session.sessionId, rows);
    await applyTimings(run, session.sessionId, timings);
    if (rows.some((r) => r.type === 'IDENTIFY' || r.type === 'METADATA')) await refreshIdentity(run, session.sessionId);
    await moveStartBack(run, session.sessionId, firstActivity(batch), session.startedAt);
    // Counting reads all of the session's events: once per batch, at its last slice.
    if (!batch.slice || batch.slice.index === batch.slice.count - 1) await refreshSummary(run, session.sessionId, lastActivity(batch));
    else await moveLastActivity(run, session.sessionId, lastActivity(batch));
  },

  async sessionEnded(session: IngestSession, end, { sql: run }) {
    await upsertSession(run, session, 'ifMissing');
    await finishSession(run, session.sessionId, end.endedAt);
  },
};
