import { Type, type Static } from '@sinclair/typebox';
import { notFound, type Caller, type SqlRunner } from '@cassette/plugin-sdk/server';
import type { FunnelIssue, FunnelIssuesSessionsAnswer, FunnelSessionsAnswer } from '../../shared/funnel.js';
import { route, type FunnelsDeps } from '../deps.js';
import { spanIssues } from '../figures/funnel-figures.js';
import { funnelSessionsPage, type SessionsPageRequest } from '../figures/funnel-sessions.js';
import { isIssueId } from '../figures/issue-id.js';
import { askedFunnel } from '../input/asked-funnel.js';
import { readerContext } from '../input/readable-filter.js';
import { funnelAskedProperties } from '../query/funnel-query.schema.js';
import { resolveQuery } from '../query/funnel-query.js';
import { funnelParams, FUNNELS_ACCESS, requireVisible } from './funnel-access.js';

/** Spec part 1 §9: a session list page holds 10. */
export const FUNNEL_SESSIONS_PAGE_SIZE = 10;
export const FUNNEL_SESSIONS_MAX_LIMIT = 50;
export const ISSUE_NOT_FOUND = 'Issue not found in this funnel';
/** Issues one union list may name: a funnel's critical issues are far fewer. */
export const MAX_UNION_ISSUE_IDS = 100;

const sessionsQuery = Type.Object(
  {
    ...funnelAskedProperties,
    cohort: Type.Optional(Type.Union([Type.Literal('entered'), Type.Literal('converted'), Type.Literal('dropped')])),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: FUNNEL_SESSIONS_MAX_LIMIT })),
  },
  { additionalProperties: false },
);

type SessionsBody = Static<typeof sessionsQuery>;

/** The funnel and the question, read and checked before the issue (if any) is looked for. */
async function sessionsRequest(deps: FunnelsDeps, run: SqlRunner, projectId: number, funnelId: number, caller: Caller, body: SessionsBody): Promise<SessionsPageRequest> {
  const context = await readerContext(deps, projectId, caller);
  const funnel = askedFunnel(deps, await requireVisible(run, projectId, funnelId, caller), body, context);
  return {
    funnel,
    query: resolveQuery(body, funnel.stepsCount),
    cohort: body.cohort ?? 'entered',
    page: body.page ?? 1,
    limit: body.limit ?? FUNNEL_SESSIONS_PAGE_SIZE,
    context,
    viewerId: caller.userId,
  };
}

/**
 * Spec part 1 §7 `POST /funnels/{id}/sessions`: the sessions behind the funnel's numbers over a
 * range and span: those that entered it (reached its first stage, the default), converted
 * (reached its last) or dropped (entered, did not convert); `page` is 1-based, `limit` 10 by default.
 */
export const funnelSessionsRoute = route({
  method: 'POST',
  url: '/funnels/:funnelId/sessions',
  access: FUNNELS_ACCESS,
  summary: "A page of a funnel's sessions over a range and span: entered (default), converted or dropped",
  schema: { params: funnelParams, body: sessionsQuery },
  handler: async ({ params, body, deps, sql: run, projectId, caller }): Promise<FunnelSessionsAnswer> =>
    funnelSessionsPage(deps, await sessionsRequest(deps, run, projectId, params.funnelId, caller, body)),
});

/** Spec part 1 §7 `GET /funnels/{id}/sessions`: the first page of the sessions that entered the funnel in the past 7 days. */
export const funnelSessionsDefaultRoute = route({
  method: 'GET',
  url: '/funnels/:funnelId/sessions',
  access: FUNNELS_ACCESS,
  summary: 'The first page of the sessions that entered a funnel in the past 7 days',
  schema: { params: funnelParams },
  handler: async ({ params, deps, sql: run, projectId, caller }): Promise<FunnelSessionsAnswer> => funnelSessionsPage(deps, await sessionsRequest(deps, run, projectId, params.funnelId, caller, {})),
});

/**
 * Spec part 1 §7 `POST /funnels/{id}/issues/{issueId}/sessions`: the sessions of the cohort an
 * issue of the span affected, with the issue. An issue the span does not have is a 404.
 */
export const issueSessionsRoute = route({
  method: 'POST',
  url: '/funnels/:funnelId/issues/:issueId/sessions',
  access: FUNNELS_ACCESS,
  summary: 'A page of the sessions an issue of a funnel affected, with the issue',
  schema: { params: Type.Object({ ...funnelParams.properties, issueId: Type.String({ minLength: 1, maxLength: 100 }) }), body: sessionsQuery },
  handler: async ({ params, body, deps, sql: run, projectId, caller }): Promise<FunnelSessionsAnswer & { issue: FunnelIssue }> => {
    const request = await sessionsRequest(deps, run, projectId, params.funnelId, caller, body);
    if (!isIssueId(params.issueId)) throw notFound(ISSUE_NOT_FOUND);
    const issue = (await spanIssues(deps, request.funnel, request.query, request.context)).find((i) => i.issueId === params.issueId);
    if (!issue) throw notFound(ISSUE_NOT_FOUND);
    const answer = await funnelSessionsPage(deps, { ...request, issue: { type: issue.type, contextString: issue.contextString } });
    return { ...answer, issue };
  },
});

const issuesSessionsQuery = Type.Object(
  {
    ...sessionsQuery.properties,
    issueIds: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { minItems: 1, maxItems: MAX_UNION_ISSUE_IDS }),
  },
  { additionalProperties: false },
);

/**
 * `POST /funnels/{id}/issues/sessions`: the sessions of the cohort any of `issueIds` (issues of
 * the span) affected, each session once, with the issues in the issues list's order. The
 * summary's lost conversions (the dropped ones) and affected users (all of them) are counted
 * over these sessions when `issueIds` are the critical issues. An issue the span does not have is a 404.
 */
export const issuesSessionsRoute = route({
  method: 'POST',
  url: '/funnels/:funnelId/issues/sessions',
  access: FUNNELS_ACCESS,
  summary: 'A page of the sessions any of several issues of a funnel affected (each once), with the issues',
  schema: { params: funnelParams, body: issuesSessionsQuery },
  handler: async ({ params, body, deps, sql: run, projectId, caller }): Promise<FunnelIssuesSessionsAnswer> => {
    const { issueIds, ...question } = body;
    const request = await sessionsRequest(deps, run, projectId, params.funnelId, caller, question);
    const wanted = new Set(issueIds);
    if (![...wanted].every(isIssueId)) throw notFound(ISSUE_NOT_FOUND);
    const issues = (await spanIssues(deps, request.funnel, request.query, request.context)).filter((i) => wanted.has(i.issueId));
    if (issues.length !== wanted.size) throw notFound(ISSUE_NOT_FOUND);
    const answer = await funnelSessionsPage(deps, { ...request, issues: issues.map(({ type, contextString }) => ({ type, contextString })) });
    return { ...answer, issues };
  },
});
