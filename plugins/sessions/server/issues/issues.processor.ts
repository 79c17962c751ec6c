import type { DecodedBatch, IngestProcessor, IngestSession } from '@cassette/plugin-ingest/api';
import { enabledWatchdogs, insertWatchdogHits } from '../watchdogs/watchdog-store.js';
import { matchWatchdogs } from '../watchdogs/watchdog-matcher.js';
import { detectIssues, finishIssues, timeline } from './issue-detector.js';
import { insertIssues, lockState, refreshIssueSummary, saveState, type StoredDetectorState } from './issue-store.js';

/** How far into its batch a slice reaches (events of both kinds); null for a whole batch or its last slice. */
function readThrough(batch: DecodedBatch): number | null {
  const slice = batch.slice;
  if (!slice || slice.index === slice.count - 1) return null;
  return slice.eventOffset + slice.recordingOffset + batch.events.length + batch.recording.length;
}

/** The heuristics have read this batch (or this slice of it) already: a repeat after a crash. */
function alreadyRead(stored: StoredDetectorState, batch: DecodedBatch): boolean {
  if (batch.seq !== stored.lastSeq) return batch.seq < stored.lastSeq;
  if (stored.lastSeqSeen === null) return true;
  const through = readThrough(batch);
  return through !== null && through <= stored.lastSeqSeen;
}

/**
 * Finds issues (issues/thresholds.ts) and the project's watchdog rules' hits (watchdogs/) in
 * every batch and at the session's end, and keeps the session's `issue_types`, `issue_score`
 * and `watchdogs`. The detectors' state is stored per session with
 * the last batch it has seen (and, for a batch that came in slices, how far into it), in the
 * same transaction as the batch's issues: a batch or slice already read (a repeat after a
 * crash) is skipped, and issue ids (`${type}:${seq}:${idx}`) make any repeated insert a no-op.
 */
export const issuesProcessor: IngestProcessor = {
  id: 'sessions.issues',
  // After sessions.summary (10), which creates the session row this one updates.
  order: 20,
  // The heuristics read events in time order and keep their state between calls: slices
  // cut in time order give them what the whole batch would.
  slices: true,

  async batch(session: IngestSession, batch: DecodedBatch, { sql: run }) {
    await run.transaction(async (tx) => {
      const stored = await lockState(tx, session.sessionId);
      if (stored && (stored.finished || alreadyRead(stored, batch))) return;
      const { state, issues } = detectIssues(stored?.state ?? null, batch);
      await insertIssues(tx, session.projectId, session.sessionId, issues);
      // The project's own issue types (watchdog rules), as they are when the batch is read.
      const rules = await enabledWatchdogs(tx, session.projectId);
      if (rules.length > 0) await insertWatchdogHits(tx, session.projectId, session.sessionId, matchWatchdogs(rules, session.sessionId, timeline(batch)));
      const through = readThrough(batch);
      await saveState(tx, session.projectId, session.sessionId, batch.seq, state, false, through);
      // Counting reads all of the session's issues: once per batch, at its last slice.
      if (through === null) await refreshIssueSummary(tx, session.sessionId);
    });
  },

  async sessionEnded(session: IngestSession, end, { sql: run }) {
    await run.transaction(async (tx) => {
      const stored = await lockState(tx, session.sessionId);
      if (stored?.finished) return;
      const { state, issues } = finishIssues(stored?.state ?? null, end.endedAt);
      await insertIssues(tx, session.projectId, session.sessionId, issues);
      await saveState(tx, session.projectId, session.sessionId, stored?.lastSeq ?? -1, state, true, stored?.lastSeqSeen ?? null);
      await refreshIssueSummary(tx, session.sessionId);
    });
  },
};
