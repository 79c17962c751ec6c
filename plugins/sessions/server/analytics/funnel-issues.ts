import { sql, SQL_TRUE, trusted, type SqlFragment, type SqlRunner } from '@cassette/plugin-sdk/server';
import type { FilterCompileContext, SessionFilterCompiler } from '../../api.js';
import type { FunnelIssueCounts, FunnelIssueKey, FunnelIssueUnionCounts, FunnelIssuesAnswer, FunnelQuery, StageSpan } from '../../shared/analytics.js';
import { runAnalytics } from './analytics-statement.js';
import { distinctUsers } from './distinct-users.js';
import { checkFunnelQuery, checkIssueKeys, checkSpan } from './funnel-input.js';
import { spanClauses } from './funnel-span.js';
import { funnelStageClauses } from './funnel-stages.js';

export type SpanQuery = FunnelQuery & { span: StageSpan };

const SPAN_SESSIONS = trusted('span_sessions');
const CONVERTED = trusted('converted');

export interface IssueRow {
  /** Null on the row of the span's totals. */
  type: string | null;
  context_string: string | null;
  sessions: number;
  users: number;
  conversions: number;
  converted_users: number;
}

/** Most affected sessions first; then by type and context, so equal counts keep one order everywhere. */
export function compareIssues(a: FunnelIssueCounts, b: FunnelIssueCounts): number {
  if (a.affectedSessions !== b.affectedSessions) return b.affectedSessions - a.affectedSessions;
  if (a.type !== b.type) return a.type < b.type ? -1 : 1;
  if (a.contextString !== b.contextString) return a.contextString < b.contextString ? -1 : 1;
  return 0;
}

function spanStatement(compiler: SessionFilterCompiler, query: SpanQuery, context: FilterCompileContext, only: readonly FunnelIssueKey[] | null) {
  const stages = funnelStageClauses(compiler, query, context, query.span.lastStage);
  return sql`with ${stages}, ${spanClauses(query.projectId, query.span, query.range.startDate, only)}`;
}

/** IssueRows from the span clauses (funnel-span.ts): one of the span's totals, then one per (type, context) that affected a session. */
export const SPAN_ISSUE_ROWS = sql`select null::text as type, null::text as context_string, (select count(*) from span_sessions)::int as sessions, ${distinctUsers(SPAN_SESSIONS, SQL_TRUE)} as users,
      (select count(*) from span_sessions where converted)::int as conversions, ${distinctUsers(SPAN_SESSIONS, CONVERTED)} as converted_users
    union all
    select type, context_string, count(*)::int, count(distinct user_key)::int, (count(*) filter (where converted))::int, 0
    from span_issues group by type, context_string`;

/** The answer the rows of SPAN_ISSUE_ROWS give. */
export function issuesAnswerOf(rows: readonly IssueRow[]): FunnelIssuesAnswer {
  const totals = rows.find((row) => row.type === null);
  const entered = { sessionsCount: Number(totals?.sessions ?? 0), usersCount: Number(totals?.users ?? 0) };
  const converted = { sessionsCount: Number(totals?.conversions ?? 0), usersCount: Number(totals?.converted_users ?? 0) };
  const issues = rows
    .filter((row) => row.type !== null)
    .map((row): FunnelIssueCounts => {
      const affectedSessions = Number(row.sessions);
      const affectedConversions = Number(row.conversions);
      return {
        type: row.type!,
        contextString: row.context_string!,
        affectedSessions,
        affectedUsers: Number(row.users),
        affectedConversions,
        unaffectedSessions: entered.sessionsCount - affectedSessions,
        unaffectedConversions: converted.sessionsCount - affectedConversions,
      };
    })
    .sort(compareIssues);
  return { entered, converted, issues };
}

/** Every issue between the span's stages, with the span's entered and converted totals, in one statement. */
export async function funnelIssues(run: SqlRunner, compiler: SessionFilterCompiler, query: SpanQuery, context: FilterCompileContext): Promise<FunnelIssuesAnswer> {
  checkFunnelQuery(query);
  checkSpan(query.span, query.steps.length);
  return issuesAnswerOf(await runAnalytics<IssueRow>(run, sql`${spanStatement(compiler, query, context, null)} ${SPAN_ISSUE_ROWS}`));
}

/** The union's counts over the rows `(session_id, user_key, converted)` of `table` matching `where`, a session possibly on several. */
export function unionCountsOf(table: SqlFragment, where: SqlFragment = SQL_TRUE): SqlFragment {
  return sql`select count(distinct session_id)::int as sessions, count(distinct user_key)::int as users,
      (count(distinct session_id) filter (where converted))::int as conversions
    from ${table} where ${where}`;
}

export interface UnionRow {
  sessions: number;
  users: number;
  conversions: number;
}

export const NO_UNION: FunnelIssueUnionCounts = { affectedSessions: 0, affectedUsers: 0, affectedConversions: 0 };

export function unionOf(row: UnionRow | undefined): FunnelIssueUnionCounts {
  return { affectedSessions: Number(row?.sessions ?? 0), affectedUsers: Number(row?.users ?? 0), affectedConversions: Number(row?.conversions ?? 0) };
}

/** The span's sessions that any of `issues` affected, each once. */
export async function funnelIssueUnion(
  run: SqlRunner,
  compiler: SessionFilterCompiler,
  query: SpanQuery,
  issues: readonly FunnelIssueKey[],
  context: FilterCompileContext,
): Promise<FunnelIssueUnionCounts> {
  checkFunnelQuery(query);
  checkSpan(query.span, query.steps.length);
  checkIssueKeys(issues);
  // Still compiled, so a step or filter the reader may not use is refused as it would be with issues.
  const statement = spanStatement(compiler, query, context, issues.length ? issues : null);
  if (issues.length === 0) return NO_UNION;
  const [row] = await runAnalytics<UnionRow>(run, sql`${statement} ${unionCountsOf(trusted('span_issues'))}`);
  return unionOf(row);
}
