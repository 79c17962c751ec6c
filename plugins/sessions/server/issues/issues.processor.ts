import type { DecodedBatch, IngestProcessor, IngestSession } from '@cassette/plugin-ingest/api';
import { detectIssues, finishIssues } from './issue-detector.js';
import { insertIssues, lockState, refreshIssueSummary, saveState } from './issue-store.js';

/**
 * Finds issues (issues/thresholds.ts) in every batch and at the session's end, and keeps the
 * session's `issue_types` and `issue_score`. The detectors' state is stored per session with
 * the last batch it has seen, in the same transaction as the batch's issues: a batch at or
 * below that sequence (a repeat after a crash) is skipped, and issue ids
 * (`${type}:${seq}:${idx}`) make any repeated insert a no-op.
 */
export const issuesProcessor: IngestProcessor = {
  id: 'sessions.issues',
  // After sessions.summary (10), which creates the session row this one updates.
  order: 20,

  async batch(session: IngestSession, batch: DecodedBatch, { sql: run }) {
    await run.transaction(async (tx) => {
      const stored = await lockState(tx, session.sessionId);
      if (stored && (stored.finished || batch.seq <= stored.lastSeq)) return;
      const { state, issues } = detectIssues(stored?.state ?? null, batch);
      await insertIssues(tx, session.projectId, session.sessionId, issues);
      await saveState(tx, session.projectId, session.sessionId, batch.seq, state, false);
      await refreshIssueSummary(tx, session.sessionId);
    });
  },

  async sessionEnded(session: IngestSession, end, { sql: run }) {
    await run.transaction(async (tx) => {
      const stored = await lockState(tx, session.sessionId);
      if (stored?.finished) return;
      const { state, issues } = finishIssues(stored?.state ?? null, end.endedAt);
      await insertIssues(tx, session.projectId, session.sessionId, issues);
      await saveState(tx, session.projectId, session.sessionId, stored?.lastSeq ?? -1, state, true);
      await refreshIssueSummary(tx, session.sessionId);
    });
  },
};
