import type { FilterCompileContext } from '@cassette/plugin-sessions/api';
import type { Funnel, FunnelIssue } from '../../shared/funnel.js';
import type { FunnelsDeps } from '../deps.js';
import type { StoredFunnel } from '../funnel-store.js';
import { criticalImpact } from '../insights/conversion-impact.js';
import type { ResolvedQuery } from '../query/funnel-query.js';
import { spanFigures } from './span-figures.js';
import { funnelStages } from './stages.js';

type Analytics = Pick<FunnelsDeps, 'analytics'>;

/** The span's issues, scored (none when the span is a single stage: nothing lies between a stage and itself). */
export async function spanIssues(deps: Analytics, funnel: StoredFunnel, query: ResolvedQuery, context: FilterCompileContext): Promise<FunnelIssue[]> {
  return (await spanFigures(deps, funnel, query, context)).issues;
}

/**
 * A funnel with its figures (spec part 1 §3 "Funnel"): every stage over the range, and the
 * summary of the span's critical issues (README "Insights"). One walk of the stages, shared with
 * the page's `/issues` call (span-figures.ts): the stages, the span's issues, and the sessions the
 * critical ones (picked by the significance test) affected.
 */
export async function funnelWithFigures(deps: Pick<FunnelsDeps, 'analytics' | 'filterCompiler'>, funnel: StoredFunnel, query: ResolvedQuery, context: FilterCompileContext): Promise<Funnel> {
  const { span } = query;
  const { figures, critical } = await spanFigures(deps, funnel, query, context);
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
