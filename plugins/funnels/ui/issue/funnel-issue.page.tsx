import { useParams } from 'react-router-dom';
import { Loader, useCurrentProject } from '@cassette/plugin-sdk/ui';
import type { FunnelSessionsCohort } from '../../shared/funnel.js';
import { FunnelNotFound } from '../common/funnel-not-found.js';
import { AffectedSessions, IssuePageProblem, RETRY_SUBTEXT, useIssuePageFrame } from '../common/issue-page-frame.js';
import { IssueHeader } from './issue-header.js';
import { useIssueSessions } from './use-issue-sessions.js';

export const ISSUE_NOT_FOUND = 'This issue is not in the funnel';

const EMPTY_HINTS: Record<FunnelSessionsCohort, string> = {
  entered: 'No session met this issue between these steps in this date range. Choose a wider date range on the funnel.',
  converted: 'None of the sessions that met this issue went on to the last step. See the Dropped ones.',
  dropped: 'Every session that met this issue still reached the last step.',
};

/** `/:siteId/funnels/:funnelId/:issueId` (spec part 1 §2): the issue and the sessions it affected. */
export default function FunnelIssuePage() {
  const { funnelId = '', issueId = '' } = useParams();
  const project = useCurrentProject();
  if (!project) return <Loader />;
  if (!/^\d{1,15}$/.test(funnelId) || Number(funnelId) <= 0) return <FunnelNotFound projectId={project.id} />;
  return <IssueView key={`${project.id}:${funnelId}:${issueId}`} projectId={project.id} funnelId={Number(funnelId)} issueId={issueId} />;
}

function IssueView({ projectId, funnelId, issueId }: { projectId: number; funnelId: number; issueId: string }) {
  const frame = useIssuePageFrame(projectId, funnelId);
  const { view, cohort, page, edited, back, go } = frame;
  const { data, loading, errors, retry } = useIssueSessions(projectId, funnelId, issueId, { view, cohort, page, edited });

  if (!data) {
    if (loading) return <Loader label="Loading the issue" />;
    return <IssuePageProblem frame={frame} title={errors[0] ?? 'The issue could not be loaded.'} subtext={RETRY_SUBTEXT} retry={retry} />;
  }
  if (!data.found)
    return <IssuePageProblem frame={frame} title={ISSUE_NOT_FOUND} subtext="The funnel or the issue is gone, or no session met it in this date range and between these steps. Open the funnel to see its issues now." />;

  const { answer } = data;
  return (
    <div className="cs-page cs-funnel-issue-page" data-testid="funnel-issue-page">
      <div className="cs-funnel-issue-page__back">{back}</div>
      <IssueHeader issue={answer.issue} />
      <AffectedSessions projectId={projectId} frame={frame} testId="issue-sessions" answer={answer} loading={loading} failure={errors[0] ?? null} retry={retry} emptyHints={EMPTY_HINTS} />
    </div>
  );
}
