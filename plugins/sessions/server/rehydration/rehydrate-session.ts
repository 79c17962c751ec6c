import { sql, type SqlRunner } from '@cassette/plugin-sdk/server';
import type { RecordingsService } from '@cassette/plugin-ingest/api';
import { detectIssues, finishIssues, timeline, type DetectedIssue, type DetectorState } from '../issues/issue-detector.js';
import { insertIssues, lockState, refreshIssueSummary, saveState } from '../issues/issue-store.js';
import { matchWatchdogs, type RunnableWatchdog, type WatchdogHit } from '../watchdogs/watchdog-matcher.js';
import { insertWatchdogHits } from '../watchdogs/watchdog-store.js';

/**
 * Runs the issues processor's work again over one ended session, from its stored batches: the
 * built-in heuristics as they are now and the project's enabled watchdog rules. What was found
 * before is replaced in one transaction, so a session shows either its old issues or its new
 * ones. Answers false when the session is gone or not ended (the pipeline still owns it).
 */
export async function rehydrateSession(run: SqlRunner, recordings: RecordingsService, projectId: number, sessionId: string, rules: readonly RunnableWatchdog[]): Promise<boolean> {
  const [session] = await run<{ ended_at: Date | string | null }>(sql`select ended_at from sessions_sessions where session_id = ${sessionId} and project_id = ${projectId}`);
  if (!session || session.ended_at === null) return false;
  let state: DetectorState | null = null;
  let lastSeq = -1;
  const issues: DetectedIssue[] = [];
  const hits: WatchdogHit[] = [];
  // One batch in memory at a time: only what was found is kept.
  for (const { seq } of await recordings.listBatches(projectId, sessionId)) {
    const batch = await recordings.readBatch(projectId, sessionId, seq);
    if (!batch) continue;
    const found = detectIssues(state, batch);
    state = found.state;
    issues.push(...found.issues);
    hits.push(...matchWatchdogs(rules, sessionId, timeline(batch)));
    lastSeq = Math.max(lastSeq, seq);
  }
  const finished = finishIssues(state, new Date(session.ended_at).getTime());
  issues.push(...finished.issues);
  await run.transaction(async (tx) => {
    await lockState(tx, sessionId);
    await tx(sql`delete from sessions_issues where session_id = ${sessionId}`);
    await insertIssues(tx, projectId, sessionId, issues);
    await insertWatchdogHits(tx, projectId, sessionId, hits);
    await saveState(tx, projectId, sessionId, lastSeq, finished.state, true, null);
    await refreshIssueSummary(tx, sessionId);
  });
  return true;
}
