import { joinSql, sql, type SqlRunner } from '@cassette/plugin-sdk/server';
import { ISSUE_TYPES, type IssueType } from '../../shared/issue-types.js';
import type { DetectorState } from './issue-detector.js';
import type { DetectedIssue } from './heuristic.js';
import { refreshSessionWatchdogs } from '../watchdogs/watchdog-store.js';
import { issueScore } from './thresholds.js';

/** 9 bind parameters per row: far below PostgreSQL's 65,535 per statement. */
const ISSUE_CHUNK = 500;

export function issueId(issue: Pick<DetectedIssue, 'type' | 'seq' | 'idx'>): string {
  return `${issue.type}:${issue.seq}:${issue.idx}`;
}

export interface StoredDetectorState {
  lastSeq: number;
  /** Events (both kinds) of batch `lastSeq` already read, when it came in slices and is not read to its end; null once read whole. */
  lastSeqSeen: number | null;
  state: DetectorState;
  /** The end of the session was judged: nothing more to do for it. */
  finished: boolean;
}

/** The session's detector state, locked until the transaction ends (one writer per session). */
export async function lockState(run: SqlRunner, sessionId: string): Promise<StoredDetectorState | null> {
  const [row] = await run<{ last_seq: number; last_seq_seen: number | null; state: DetectorState | string; finished_at: Date | null }>(
    sql`select last_seq, last_seq_seen, state, finished_at from sessions_issue_state where session_id = ${sessionId} for update`,
  );
  if (!row) return null;
  const state = typeof row.state === 'string' ? (JSON.parse(row.state) as DetectorState) : row.state;
  return { lastSeq: Number(row.last_seq), lastSeqSeen: row.last_seq_seen === null ? null : Number(row.last_seq_seen), state, finished: row.finished_at !== null };
}

export async function saveState(run: SqlRunner, projectId: number, sessionId: string, lastSeq: number, state: DetectorState, finished: boolean, lastSeqSeen: number | null = null): Promise<void> {
  await run(sql`insert into sessions_issue_state (project_id, session_id, last_seq, last_seq_seen, state, finished_at, updated_at) values (${projectId}, ${sessionId}, ${lastSeq}, ${lastSeqSeen}, ${JSON.stringify(state)}::jsonb, ${finished ? new Date() : null}, now())
     on conflict (session_id) do update set last_seq = greatest(sessions_issue_state.last_seq, excluded.last_seq),
       last_seq_seen = case when excluded.last_seq >= sessions_issue_state.last_seq then excluded.last_seq_seen else sessions_issue_state.last_seq_seen end,
       state = excluded.state, finished_at = coalesce(sessions_issue_state.finished_at, excluded.finished_at), updated_at = now()`);
}

/** Stores issues; one already stored under the same id (a repeated batch) is left as it was. */
export async function insertIssues(run: SqlRunner, projectId: number, sessionId: string, issues: readonly DetectedIssue[]): Promise<void> {
  for (let start = 0; start < issues.length; start += ISSUE_CHUNK) {
    const rows = issues
      .slice(start, start + ISSUE_CHUNK)
      .map((i) => sql`(${projectId}, ${sessionId}, ${issueId(i)}, ${i.type}, ${i.contextString}, ${new Date(i.timestamp)}, ${i.seq}, ${i.idx}, ${JSON.stringify(i.payload)}::jsonb)`);
    await run(sql`insert into sessions_issues (project_id, session_id, issue_id, type, context_string, ts, seq, idx, payload)
       values ${joinSql(rows, ', ')} on conflict (session_id, issue_id) do nothing`);
  }
}

/** Recomputes the session's issue types (sorted, distinct) and issue score from its stored issues. */
export async function refreshIssueSummary(run: SqlRunner, sessionId: string): Promise<void> {
  const rows = await run<{ type: string; n: number }>(sql`select type, count(*)::int as n from sessions_issues where session_id = ${sessionId} group by type`);
  const known = rows.filter((r): r is { type: IssueType; n: number } => (ISSUE_TYPES as readonly string[]).includes(r.type));
  const types = known.map((r) => r.type).sort();
  const score = issueScore(Object.fromEntries(known.map((r) => [r.type, Number(r.n)])));
  await run(sql`update sessions_sessions set issue_types = ${JSON.stringify(types)}::jsonb, issue_score = ${score}, updated_at = now() where session_id = ${sessionId}`);
  await refreshSessionWatchdogs(run, sessionId);
}
