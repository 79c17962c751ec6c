import type { FilterCompileContext } from '@cassette/plugin-sessions/api';
import type { Funnel, FunnelIssue } from '../../shared/funnel.js';
import type { FunnelsDeps } from '../deps.js';
import type { StoredFunnel } from '../funnel-store.js';
import { criticalImpact } from '../insights/conversion-impact.js';
import type { ResolvedQuery } from '../query/funnel-query.js';
import { analyticsQuery } from './analytics-query.js';
import { scoredIssues } from './scored-issues.js';
import { funnelStages } from './stages.js';

type Analytics = Pick<FunnelsDeps, 'analytics'>;

/** The span's issues, scored (none when the span is a single stage: nothing lies between a stage and itself). */
export async function spanIssues(deps: Analytics, funnel: StoredFunnel, query: ResolvedQuery, context: FilterCompileContext): Promise<FunnelIssue[]> {
  const answer = await deps.analytics.funnelIssues({ ...analyticsQuery(funnel.projectId, funnel.filter, query), span: query.span }, context);
  return scoredIssues(answer);
}

/**
 * A funnel with its figures (spec part 1 §3 "Funnel"): every stage over the range, and the
 * summary of the span's critical issues (README "Insights"). One question to the analytics
 * service, which walks the stages once: the stages, the span's issues, and the sessions the
 * critical ones (picked here, by the significance test, from its issues) affected.
 */
export async function funnelWithFigures(deps: Pick<FunnelsDeps, 'analytics' | 'filterCompiler'>, funnel: StoredFunnel, query: ResolvedQuery, context: FilterCompileContext): Promise<Funnel> {
  const question = analyticsQuery(funnel.projectId, funnel.filter, query);
  const { span } = query;
  let critical: FunnelIssue[] = [];
  const figures = await deps.analytics.funnelFigures(
    { ...question, span },
    (answer) => {
      critical = scoredIssues(answer).filter((issue) => issue.significance.significant);
      return critical.map(({ type, contextString }) => ({ type, contextString }));
    },
    context,
  );
  const stages = funnelStages(funnel.filter.events, figures.counts, (step) => deps.filterCompiler.describe(step));
  const entered = stages[span.firstStage - 1]?.sessionsCount ?? 0;
  const converted = stages[span.lastStage - 1]?.sessionsCount ?? 0;
  const union = figures.union;
  const impact = criticalImpact({ enteredSessions: entered, convertedSessions: converted, ...union });
  return {
    funnelId: funnel.funnelId,
    projectId: funnel.projectId,
    userId: funnel.userId,
    name: funnel.name,
    isPublic: funnel.isPublic,
    stepsCount: funnel.stepsCount,
    createdAt: funnel.createdAt,
    filter: funnel.filter,
    stages,
    sessionsCount: entered,
    criticalIssuesCount: critical.length,
    ...impact,
    firstStage: span.firstStage,
    lastStage: span.lastStage,
  };
}
