import type { FilterCompileContext, SessionFilterCompiler } from '../../api.js';
import type { SqlRunner } from '@cassette/plugin-sdk/server';
import type { FunnelCounts, FunnelFigures, FunnelIssueKey, FunnelIssueUnionCounts, FunnelIssuesAnswer, FunnelQuery, FunnelSessionsQuery, SessionIdsPage, StageSpan } from '../../shared/analytics.js';
import { funnelSessions } from './funnel-cohorts.js';
import { funnelCounts } from './funnel-counts.js';
import { funnelFigures } from './funnel-figures.js';
import { funnelIssueUnion, funnelIssues } from './funnel-issues.js';

/** The funnel half of the analytics query service on PostgreSQL (semantics: api.ts and shared/analytics.ts). */
export interface FunnelQueries {
  funnel(query: FunnelQuery, context: FilterCompileContext): Promise<FunnelCounts>;
  funnelIssues(query: FunnelQuery & { span: StageSpan }, context: FilterCompileContext): Promise<FunnelIssuesAnswer>;
  funnelIssueUnion(query: FunnelQuery & { span: StageSpan }, issues: readonly FunnelIssueKey[], context: FilterCompileContext): Promise<FunnelIssueUnionCounts>;
  funnelFigures(query: FunnelQuery & { span: StageSpan }, pickUnion: (issues: FunnelIssuesAnswer) => readonly FunnelIssueKey[], context: FilterCompileContext): Promise<FunnelFigures>;
  funnelSessions(query: FunnelSessionsQuery, context: FilterCompileContext): Promise<SessionIdsPage>;
}

export function funnelQueries(run: SqlRunner, compiler: SessionFilterCompiler): FunnelQueries {
  return {
    funnel: (query, context) => funnelCounts(run, compiler, query, context),
    funnelIssues: (query, context) => funnelIssues(run, compiler, query, context),
    funnelIssueUnion: (query, issues, context) => funnelIssueUnion(run, compiler, query, issues, context),
    funnelFigures: (query, pickUnion, context) => funnelFigures(run, compiler, query, pickUnion, context),
    funnelSessions: (query, context) => funnelSessions(run, compiler, query, context),
  };
}
