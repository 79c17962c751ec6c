import { joinSql, sql, trusted, type SqlRunner } from '@cassette/plugin-sdk/server';
import type { FilterCompileContext, SessionFilterCompiler } from '../../api.js';
import type { FunnelFigures, FunnelIssueKey, FunnelIssuesAnswer } from '../../shared/analytics.js';
import { inAnalyticsTransaction } from './analytics-statement.js';
import { countsOf, stageCountRows, type StageRow } from './funnel-counts.js';
import { checkFunnelQuery, checkIssueKeys, checkSpan } from './funnel-input.js';
import { issuesAnswerOf, NO_UNION, SPAN_ISSUE_ROWS, unionCountsOf, unionOf, type IssueRow, type SpanQuery, type UnionRow } from './funnel-issues.js';
import { spanClauses } from './funnel-span.js';
import { funnelStageClauses } from './funnel-stages.js';

/** Where the span's (session, issue) rows wait for the union, for this transaction only. */
const KEPT_ISSUES = trusted('funnel_figures_span_issues');

type FiguresRow = StageRow & IssueRow & { part: 'stage' | 'span' };

/**
 * The funnel page's figures (FunnelFigures) from one walk of the stages, where asking funnel(),
 * funnelIssues() and funnelIssueUnion() walks them three times (at a million sessions the walk is
 * most of each call). One transaction, two statements:
 *
 * 1. the stage and span clauses once (funnel-stages.ts, funnel-span.ts): every stage's counts and
 *    the span's issues come back as rows, and the span's (session, issue) rows are kept in a
 *    temporary table dropped at commit (a data-modifying `with` clause, run once to completion);
 * 2. the union of the issues the caller picks from those answers, counted from that table alone.
 */
export async function funnelFigures(
  run: SqlRunner,
  compiler: SessionFilterCompiler,
  query: SpanQuery,
  pickUnion: (issues: FunnelIssuesAnswer) => readonly FunnelIssueKey[],
  context: FilterCompileContext,
): Promise<FunnelFigures> {
  checkFunnelQuery(query);
  checkSpan(query.span, query.steps.length);
  if (typeof pickUnion !== 'function') throw new Error('funnelFigures needs a function that picks the issues of the union');
  const stages = query.steps.length;
  const clauses = sql`${funnelStageClauses(compiler, query, context, stages)}, ${spanClauses(query.projectId, query.span, query.range.startDate, null)}`;
  return inAnalyticsTransaction(run, async (tx) => {
    await tx(sql`create temporary table ${KEPT_ISSUES} (session_id text, user_key text, converted boolean, type text, context_string text) on commit drop`);
    const rows = await tx<FiguresRow>(sql`with ${clauses},
        kept as (insert into ${KEPT_ISSUES} select session_id, user_key, converted, type, context_string from span_issues)
      select 'stage' as part, c.stage, null::text as type, null::text as context_string, c.sessions, c.users, 0 as conversions, 0 as converted_users
      from (${stageCountRows(stages)}) c
      union all
      select 'span', null, i.type, i.context_string, i.sessions, i.users, i.conversions, i.converted_users
      from (${SPAN_ISSUE_ROWS}) i`);
    const counts = countsOf(rows.filter((row) => row.part === 'stage'), stages);
    const issues = issuesAnswerOf(rows.filter((row) => row.part === 'span'));
    const picked = pickUnion(issues);
    checkIssueKeys(picked);
    if (picked.length === 0) return { counts, issues, union: NO_UNION };
    const keys = joinSql(picked.map((k) => sql`(${k.type}, ${k.contextString})`), ', ');
    const [union] = await tx<UnionRow>(unionCountsOf(KEPT_ISSUES, sql`(type, context_string) in (${keys})`));
    return { counts, issues, union: unionOf(union) };
  });
}
