import type { FilterCompileContext, FunnelIssueKey, SessionIdsPage } from '@cassette/plugin-sessions/api';
import type { FunnelSessionsAnswer, FunnelSessionsCohort } from '../../shared/funnel.js';
import type { FunnelsDeps } from '../deps.js';
import type { StoredFunnel } from '../funnel-store.js';
import type { ResolvedQuery } from '../query/funnel-query.js';
import { analyticsQuery } from './analytics-query.js';

export interface SessionsPageRequest {
  funnel: StoredFunnel;
  query: ResolvedQuery;
  cohort: FunnelSessionsCohort;
  /** 1-based. */
  page: number;
  limit: number;
  /** Only the sessions this issue affected. */
  issue?: FunnelIssueKey;
  /** Only the sessions any of these issues affected (each once). */
  issues?: readonly FunnelIssueKey[];
  context: FilterCompileContext;
  viewerId: number;
}

/** The session ids behind a number (a span of one stage too: its entrants all converted, none dropped). */
async function sessionIds(deps: Pick<FunnelsDeps, 'analytics'>, r: SessionsPageRequest): Promise<SessionIdsPage> {
  const question = analyticsQuery(r.funnel.projectId, r.funnel.filter, r.query);
  const page = { limit: r.limit, offset: (r.page - 1) * r.limit, ...(r.issue ? { issue: r.issue } : {}), ...(r.issues ? { issues: r.issues } : {}) };
  return deps.analytics.funnelSessions({ ...question, span: r.query.span, cohort: r.cohort, ...page }, r.context);
}

/** A page of the span's sessions of a cohort, newest first, as the session list shows them (viewed and favorite are the viewer's). */
export async function funnelSessionsPage(deps: Pick<FunnelsDeps, 'analytics' | 'summaries'>, r: SessionsPageRequest): Promise<FunnelSessionsAnswer> {
  const page = await sessionIds(deps, r);
  const sessions = page.sessionIds.length ? await deps.summaries.summaries(r.funnel.projectId, page.sessionIds, r.viewerId) : [];
  return { sessions, total: page.total };
}
