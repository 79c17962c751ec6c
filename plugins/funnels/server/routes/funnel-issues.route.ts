import type { Caller, SqlRunner } from '@cassette/plugin-sdk/server';
import type { Static } from '@sinclair/typebox';
import type { FunnelIssuesAnswer } from '../../shared/funnel.js';
import { route, type FunnelsDeps } from '../deps.js';
import { spanIssues } from '../figures/funnel-figures.js';
import { askedFunnel } from '../input/asked-funnel.js';
import { readerContext } from '../input/readable-filter.js';
import { funnelQuerySchema } from '../query/funnel-query.schema.js';
import { resolveQuery } from '../query/funnel-query.js';
import { funnelParams, FUNNELS_ACCESS, requireVisible } from './funnel-access.js';

async function issuesAnswer(deps: FunnelsDeps, run: SqlRunner, projectId: number, funnelId: number, caller: Caller, body: Static<typeof funnelQuerySchema>): Promise<FunnelIssuesAnswer> {
  const context = await readerContext(deps, projectId, caller);
  const funnel = askedFunnel(deps, await requireVisible(run, projectId, funnelId, caller), body, context);
  const query = resolveQuery(body, funnel.stepsCount);
  const issues = await spanIssues(deps, funnel, query, context);
  return { issues, ...query.span };
}

/**
 * Spec part 1 §7 `POST /funnels/{id}/issues`: the issues between two stages over a range, each
 * with its affected sessions, lost conversions and significance (README "Insights").
 */
export const funnelIssuesRoute = route({
  method: 'POST',
  url: '/funnels/:funnelId/issues',
  access: FUNNELS_ACCESS,
  summary: 'The issues between two stages of a funnel over a range, significant ones first',
  schema: { params: funnelParams, body: funnelQuerySchema },
  handler: ({ params, body, deps, sql: run, projectId, caller }) => issuesAnswer(deps, run, projectId, params.funnelId, caller, body),
});

/** Spec part 1 §7 `GET /funnels/{id}/issues`: the same over the past 7 days and all the steps. */
export const funnelIssuesDefaultRoute = route({
  method: 'GET',
  url: '/funnels/:funnelId/issues',
  access: FUNNELS_ACCESS,
  summary: 'The issues of a whole funnel over the past 7 days, significant ones first',
  schema: { params: funnelParams },
  handler: ({ params, deps, sql: run, projectId, caller }) => issuesAnswer(deps, run, projectId, params.funnelId, caller, {}),
});
