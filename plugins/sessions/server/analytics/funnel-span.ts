import { joinSql, sql, SQL_TRUE, type SqlFragment } from '@cassette/plugin-sdk/server';
import type { FunnelIssueKey, StageSpan } from '../../shared/analytics.js';
import { FUNNEL_ISSUE_TYPES } from './funnel-issue-types.js';
import { stageTable } from './funnel-stages.js';

/**
 * The sessions of a span and the issues that affected them, as `with` clauses after the stage
 * clauses (funnel-stages.ts) up to `span.lastStage`:
 *
 * - `span_sessions (session_id, user_key, started_at, ts, seq, idx, converted, last_ts, last_seq, last_idx)`:
 *   the sessions that reached the first stage, where their first-stage event is, and whether
 *   (and where) they reached the last stage;
 * - `span_issues (session_id, user_key, converted, type, context_string)`: one row per session
 *   and (type, context) that affected it.
 *
 * An issue affects a session when it happened at or after the session's first-stage event (an
 * issue its own event raised, such as the slow load of the stage's page, counts) and before its
 * last-stage event, or before the session's end when it never got there. Only the types funnels
 * show count (funnel-issue-types.ts).
 */
export function spanClauses(projectId: number, span: StageSpan, startDate: number, only: readonly FunnelIssueKey[] | null): SqlFragment {
  const first = stageTable(span.firstStage);
  const last = stageTable(span.lastStage);
  const keys = only === null ? SQL_TRUE : sql`(i.type, i.context_string) in (${joinSql(only.map((k) => sql`(${k.type}, ${k.contextString})`), ', ')})`;
  return sql`span_sessions as (
      select f.session_id, f.user_key, f.started_at, f.ts, f.seq, f.idx,
        l.session_id is not null as converted, l.ts as last_ts, l.seq as last_seq, l.idx as last_idx
      from ${first} f left join ${last} l on l.session_id = f.session_id),
    span_issues as (
      select distinct n.session_id, n.user_key, n.converted, i.type, i.context_string
      from span_sessions n join sessions_issues i on i.session_id = n.session_id
      where i.project_id = ${projectId} and i.type in (${[...FUNNEL_ISSUE_TYPES]}) and ${keys}
        and i.ts >= ${new Date(startDate)}
        and (i.ts, i.seq, i.idx) >= (n.ts, n.seq, n.idx)
        and (not n.converted or (i.ts, i.seq, i.idx) < (n.last_ts, n.last_seq, n.last_idx)))`;
}
