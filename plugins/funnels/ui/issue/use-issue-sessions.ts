import { useMemo } from 'react';
import { ApiError, useApi, useHost, useLatestAnswer } from '@cassette/plugin-sdk/ui';
import type { FunnelFilter, FunnelIssue, FunnelSessionsAnswer, FunnelSessionsCohort } from '../../shared/funnel.js';
import { FUNNEL_SESSIONS_PAGE_SIZE } from '../constants.js';
import { funnelQueryBody, resolveRange, type FunnelView } from '../common/funnel-view.js';
import { funnelsRoutes } from '../paths.js';

export const ISSUE_SESSIONS_FAILED = 'The sessions of this issue could not be loaded.';

export type IssueSessionsAnswer = FunnelSessionsAnswer & { issue: FunnelIssue };

/** The answer, or the server saying the funnel or the issue is not there (404). */
export type IssueSessionsResult = { found: true; answer: IssueSessionsAnswer } | { found: false; message: string };

export interface IssueSessionsQuery {
  view: FunnelView;
  cohort: FunnelSessionsCohort;
  page: number;
  /** The funnel's filter as edited on its page (not saved), or null. */
  edited?: FunnelFilter | null;
}

/** `POST /funnels/{id}/issues/{issueId}/sessions` over the view, for a cohort and a page; a late answer to an older query is dropped. */
export function useIssueSessions(projectId: number, funnelId: number, issueId: string, { view, cohort, page, edited = null }: IssueSessionsQuery) {
  const api = useApi();
  const { timezone } = useHost();
  const viewKey = JSON.stringify(view);
  // A named range's dates are worked out when the query changes, not at every render.
  const editedKey = JSON.stringify(edited);
  const body = useMemo(
    () => ({ ...funnelQueryBody(resolveRange(view, timezone), view.span), ...(edited ? { filter: edited } : {}), cohort, page, limit: FUNNEL_SESSIONS_PAGE_SIZE }),
    [viewKey, editedKey, timezone, cohort, page],
  );
  const request = JSON.stringify(body);
  return useLatestAnswer<IssueSessionsResult>(
    `${projectId}:${funnelId}:${issueId} ${request}`,
    async () => {
      try {
        const answer = await api.post<IssueSessionsAnswer>(funnelsRoutes.issueSessions(projectId, funnelId, issueId), JSON.parse(request));
        return { found: true, answer: { ...answer, sessions: answer?.sessions ?? [], total: answer?.total ?? 0 } };
      } catch (e) {
        if (e instanceof ApiError && e.status === 404) return { found: false, message: e.errors[0] ?? 'Not found' };
        throw e;
      }
    },
    ISSUE_SESSIONS_FAILED,
  );
}
