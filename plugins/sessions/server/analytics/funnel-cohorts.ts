import { sql, trusted, type SqlFragment, type SqlRunner } from '@cassette/plugin-sdk/server';
import type { FilterCompileContext, SessionFilterCompiler } from '../../api.js';
import type { FunnelCohort, FunnelSessionsQuery, SessionIdsPage } from '../../shared/analytics.js';
import { runAnalytics } from './analytics-statement.js';
import { checkFunnelQuery, checkSessionsIssues, checkSessionsPage, checkSpan } from './funnel-input.js';
import { spanClauses } from './funnel-span.js';
import { funnelStageClauses } from './funnel-stages.js';

const COHORT_CONDITION: Record<FunnelCohort, SqlFragment> = {
  entered: trusted('true'),
  converted: trusted('n.converted'),
  dropped: trusted('not n.converted'),
};

/**
 * The sessions behind a funnel number (a cohort of the span, optionally those an issue or any of a
 * set of issues affected, each session once), newest first, a page at a time.
 */
export async function funnelSessions(run: SqlRunner, compiler: SessionFilterCompiler, query: FunnelSessionsQuery, context: FilterCompileContext): Promise<SessionIdsPage> {
  checkFunnelQuery(query);
  checkSpan(query.span, query.steps.length);
  checkSessionsPage(query.cohort, query.limit, query.offset);
  const issues = checkSessionsIssues(query);
  // Compiled even when no issue is asked, so a step or filter the reader may not use is refused all the same.
  const stages = funnelStageClauses(compiler, query, context, query.span.lastStage);
  if (issues !== null && issues.length === 0) return { sessionIds: [], total: 0 };
  const span = spanClauses(query.projectId, query.span, query.range.startDate, issues);
  const affected = issues ? sql`exists (select 1 from span_issues a where a.session_id = n.session_id)` : trusted('true');
  const rows = await runAnalytics<{ total: number; session_id: string | null }>(run, sql`with ${stages}, ${span},
      cohort as (select n.session_id, n.started_at from span_sessions n where ${COHORT_CONDITION[query.cohort]} and ${affected})
    select t.total, p.session_id
    from (select count(*)::int as total from cohort) t
      left join lateral (select c.session_id, c.started_at from cohort c order by c.started_at desc, c.session_id limit ${query.limit} offset ${query.offset}) p on true
    order by p.started_at desc, p.session_id`);
  return {
    sessionIds: rows.filter((row) => row.session_id !== null).map((row) => row.session_id!),
    total: Number(rows[0]?.total ?? 0),
  };
}
