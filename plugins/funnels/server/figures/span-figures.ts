import type { FilterCompileContext, FunnelFigures } from '@cassette/plugin-sessions/api';
import type { FunnelIssue } from '../../shared/funnel.js';
import type { FunnelsDeps } from '../deps.js';
import type { StoredFunnel } from '../funnel-store.js';
import type { ResolvedQuery } from '../query/funnel-query.js';
import { analyticsQuery } from './analytics-query.js';
import { scoredIssues } from './scored-issues.js';

/** A funnel's figures over a range and span: the stage walk, its issues scored, and the critical ones. */
export interface SpanFigures {
  figures: FunnelFigures;
  issues: FunnelIssue[];
  critical: FunnelIssue[];
}

/**
 * The funnel page asks `/insights` and `/issues` of the same funnel, range and span at once, and
 * both answers come from one walk of the stages. The first request starts the walk, the other
 * joins it, and the answer serves the same question for a few seconds more (a page re-rendering,
 * a second tab), so a page costs one walk, not two. Keyed by everything the answer depends on:
 * the funnel's definition, the query and what the reader may filter on.
 */
export const SHARED_FOR_MS = 10_000;

type Walks = Map<string, { until: number; answer: Promise<SpanFigures> }>;
/** One table per running server: the analytics service instance stands for it. */
const walksByServer = new WeakMap<object, Walks>();

export function spanFigures(deps: Pick<FunnelsDeps, 'analytics'>, funnel: StoredFunnel, query: ResolvedQuery, context: FilterCompileContext, now = Date.now()): Promise<SpanFigures> {
  let walks = walksByServer.get(deps.analytics);
  if (!walks) walksByServer.set(deps.analytics, (walks = new Map()));
  for (const [key, walk] of walks) if (walk.until <= now) walks.delete(key);

  const key = questionKey(funnel, query, context);
  const shared = walks.get(key);
  if (shared) return shared.answer;
  const answer = walk(deps, funnel, query, context);
  walks.set(key, { until: now + SHARED_FOR_MS, answer });
  // A failed walk is not kept: the next request asks again.
  answer.catch(() => walks.delete(key));
  return answer;
}

async function walk(deps: Pick<FunnelsDeps, 'analytics'>, funnel: StoredFunnel, query: ResolvedQuery, context: FilterCompileContext): Promise<SpanFigures> {
  let issues: FunnelIssue[] = [];
  let critical: FunnelIssue[] = [];
  const figures = await deps.analytics.funnelFigures(
    { ...analyticsQuery(funnel.projectId, funnel.filter, query), span: query.span },
    (answer) => {
      issues = scoredIssues(answer);
      critical = issues.filter((issue) => issue.significance.significant);
      return critical.map(({ type, contextString }) => ({ type, contextString }));
    },
    context,
  );
  return { figures, issues, critical };
}

function questionKey(funnel: StoredFunnel, query: ResolvedQuery, context: FilterCompileContext): string {
  const reader = { admin: context.reader.admin, permissions: [...context.reader.permissions].sort(), viewerId: context.viewerId ?? null, metadataKeys: context.metadataKeys ?? [] };
  return JSON.stringify([funnel.projectId, funnel.funnelId, funnel.filter, query, reader]);
}
