import { useMemo } from 'react';
import { ApiError, useApi, useHost, useLatestAnswer } from '@cassette/plugin-sdk/ui';
import type { FunnelIssuesSessionsAnswer } from '../../shared/funnel.js';
import { FUNNEL_SESSIONS_PAGE_SIZE } from '../constants.js';
import { funnelQueryBody, resolveRange } from '../common/funnel-view.js';
import type { IssueSessionsQuery } from '../issue/use-issue-sessions.js';
import { funnelsRoutes } from '../paths.js';

export const ISSUES_SESSIONS_FAILED = 'The sessions of these issues could not be loaded.';

/** The answer, or the server saying the funnel or one of the issues is not there (404). */
export type IssuesSessionsResult = { found: true; answer: FunnelIssuesSessionsAnswer } | { found: false; message: string };

/** `POST /funnels/{id}/issues/sessions` over the view, for a cohort and a page; a late answer to an older query is dropped. */
export function useIssuesSessions(projectId: number, funnelId: number, issueIds: readonly string[], { view, cohort, page, edited = null }: IssueSessionsQuery) {
  const api = useApi();
  const { timezone } = useHost();
  const viewKey = JSON.stringify(view);
  const editedKey = JSON.stringify(edited);
  const idsKey = issueIds.join(',');
  const body = useMemo(
    () => ({ ...funnelQueryBody(resolveRange(view, timezone), view.span), ...(edited ? { filter: edited } : {}), issueIds: [...issueIds], cohort, page, limit: FUNNEL_SESSIONS_PAGE_SIZE }),
    [viewKey, editedKey, idsKey, timezone, cohort, page],
  );
  const request = JSON.stringify(body);
  return useLatestAnswer<IssuesSessionsResult>(
    `${projectId}:${funnelId} ${request}`,
    async () => {
      try {
        const answer = await api.post<FunnelIssuesSessionsAnswer>(funnelsRoutes.issuesSessions(projectId, funnelId), JSON.parse(request));
        return { found: true, answer: { ...answer, issues: answer?.issues ?? [], sessions: answer?.sessions ?? [], total: answer?.total ?? 0 } };
      } catch (e) {
        if (e instanceof ApiError && e.status === 404) return { found: false, message: e.errors[0] ?? 'Not found' };
        throw e;
      }
    },
    ISSUES_SESSIONS_FAILED,
  );
}
