import type { FilterCompileContext, SessionFilterCompiler } from '../../api.js';
import type { SqlRunner } from '@cassette/plugin-sdk/server';
import type { FunnelCounts, FunnelIssueKey, FunnelIssueUnionCounts, FunnelIssuesAnswer, FunnelQuery, FunnelSessionsQuery, SessionIdsPage, StageSpan } from '../../shared/analytics.js';

// Being written: the funnel engine on PostgreSQL.
export interface FunnelQueries {
  funnel(query: FunnelQuery, context: FilterCompileContext): Promise<FunnelCounts>;
  funnelIssues(query: FunnelQuery & { span: StageSpan }, context: FilterCompileContext): Promise<FunnelIssuesAnswer>;
  funnelIssueUnion(query: FunnelQuery & { span: StageSpan }, issues: readonly FunnelIssueKey[], context: FilterCompileContext): Promise<FunnelIssueUnionCounts>;
  funnelSessions(query: FunnelSessionsQuery, context: FilterCompileContext): Promise<SessionIdsPage>;
}

export function funnelQueries(_run: SqlRunner, _compiler: SessionFilterCompiler): FunnelQueries {
  const pending = () => Promise.reject(new Error('funnel queries are not built yet'));
  return { funnel: pending, funnelIssues: pending, funnelIssueUnion: pending, funnelSessions: pending };
}
