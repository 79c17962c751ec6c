import { sql, type SqlRunner } from '@cassette/plugin-sdk/server';
import { ISSUE_TYPES, type IssueType } from '../../shared/issue-types.js';
import type { SessionIssue } from '../../shared/session.js';
import { ISSUE_TYPE_INFO } from './thresholds.js';

/** A row of `sessions_issues` as the database answers it. */
export interface IssueRow {
  issue_id: string;
  type: string;
  context_string: string;
  ts: Date | string | number;
  seq: number;
  idx: number;
  payload: Record<string, unknown> | string | null;
}

/** Orders issues like the stored events they came from (shared/session.ts `seqIndex`). */
const SEQ_STRIDE = 100_000;

export function isIssueType(type: string): type is IssueType {
  return (ISSUE_TYPES as readonly string[]).includes(type);
}

/** The API's issue from a stored row; `sessionStartedAt` (epoch ms) is time 0 of the player. Null for a type this server does not know. */
export function toSessionIssue(row: IssueRow, sessionStartedAt: number): SessionIssue | null {
  if (!isIssueType(row.type)) return null;
  const timestamp = new Date(row.ts).getTime();
  const info = ISSUE_TYPE_INFO[row.type];
  const payload = typeof row.payload === 'string' ? (JSON.parse(row.payload) as Record<string, unknown>) : row.payload;
  return {
    issueId: row.issue_id,
    type: row.type,
    name: info.name,
    visible: info.visible,
    // The spec's issue `icon`: the key of the icon the UI draws for the type (IssueIcon).
    icon: row.type,
    contextString: row.context_string,
    time: Math.max(0, timestamp - sessionStartedAt),
    timestamp,
    seqIndex: Number(row.seq) * SEQ_STRIDE + Number(row.idx),
    payload: payload ?? null,
  };
}

/** A session's issues in time order, hidden types included (with visible false). */
export async function listSessionIssues(run: SqlRunner, sessionId: string): Promise<SessionIssue[]> {
  const rows = await run<IssueRow & { started_at: Date | string }>(sql`select i.issue_id, i.type, i.context_string, i.ts, i.seq, i.idx, i.payload, s.started_at
       from sessions_issues i join sessions_sessions s on s.session_id = i.session_id
      where i.session_id = ${sessionId} order by i.ts, i.seq, i.idx, i.type`);
  return rows.map((row) => toSessionIssue(row, new Date(row.started_at).getTime())).filter((issue): issue is SessionIssue => issue !== null);
}
