import { Link, useParams } from 'react-router-dom';
import { Loader, useCurrentProject } from '@cassette/plugin-sdk/ui';
import type { FunnelIssue, FunnelSessionsCohort } from '../../shared/funnel.js';
import { formatCount } from '../common/format.js';
import { FunnelNotFound } from '../common/funnel-not-found.js';
import { writeFunnelView } from '../common/funnel-view.js';
import { AffectedSessions, IssuePageProblem, RETRY_SUBTEXT, useIssuePageFrame, type IssuePageFrame } from '../common/issue-page-frame.js';
import { funnelIssuePath, ISSUES_PARAM } from '../paths.js';
import { useIssuesSessions } from './use-issues-sessions.js';

export const ISSUES_NOT_FOUND = 'These issues are not all in the funnel';

const EMPTY_HINTS: Record<FunnelSessionsCohort, string> = {
  entered: 'No session met these issues between these steps in this date range. Choose a wider date range on the funnel.',
  converted: 'None of the sessions that met these issues went on to the last step. See the Dropped ones.',
  dropped: 'Every session that met these issues still reached the last step.',
};

export function unionTitle(count: number, critical: boolean): string {
  const noun = `${critical ? 'critical ' : ''}issue${count === 1 ? '' : 's'}`;
  return count === 1 ? `Sessions that met the ${noun}` : `Sessions that met any of the ${count} ${noun}`;
}

/** The issue ids of the page's URL, each once, in their order. */
export function readIssueIds(params: URLSearchParams): string[] {
  return [...new Set((params.get(ISSUES_PARAM) ?? '').split(',').filter(Boolean))];
}

/**
 * `/:siteId/funnels/:funnelId/issues?issues=…`: the sessions any of several issues of the funnel
 * affected, each once, by cohort. The summary's lost conversions (Dropped) and affected users
 * (All affected) open it for the critical issues.
 */
export default function IssuesSessionsPage() {
  const { funnelId = '' } = useParams();
  const project = useCurrentProject();
  if (!project) return <Loader />;
  if (!/^\d{1,15}$/.test(funnelId) || Number(funnelId) <= 0) return <FunnelNotFound projectId={project.id} />;
  return <IssuesView key={`${project.id}:${funnelId}`} projectId={project.id} funnelId={Number(funnelId)} />;
}

function IssuesView({ projectId, funnelId }: { projectId: number; funnelId: number }) {
  const frame = useIssuePageFrame(projectId, funnelId);
  const issueIds = readIssueIds(frame.params);
  if (issueIds.length === 0) return <IssuePageProblem frame={frame} title="No issues were named" subtext="Open the funnel and choose an issue, or the lost conversions or affected users of its summary." />;
  return <IssuesSessions projectId={projectId} funnelId={funnelId} issueIds={issueIds} frame={frame} />;
}

function IssuesSessions({ projectId, funnelId, issueIds, frame }: { projectId: number; funnelId: number; issueIds: string[]; frame: IssuePageFrame }) {
  const { view, cohort, page, edited, back, state, go } = frame;
  const { data, loading, errors, retry } = useIssuesSessions(projectId, funnelId, issueIds, { view, cohort, page, edited });
  if (!data) {
    if (loading) return <Loader label="Loading the sessions" />;
    return <IssuePageProblem frame={frame} title={errors[0] ?? 'The sessions could not be loaded.'} subtext={RETRY_SUBTEXT} retry={retry} />;
  }
  if (!data.found)
    return <IssuePageProblem frame={frame} title={ISSUES_NOT_FOUND} subtext="The funnel is gone, or some of the issues no longer lie between these steps in this date range. Open the funnel to see its issues now." />;

  const { answer } = data;
  const critical = answer.issues.every((i) => i.significance.significant);
  const issueQuery = writeFunnelView(view);
  if (cohort !== 'entered') issueQuery.set('cohort', cohort);
  return (
    <div className="cs-page cs-funnel-issue-page" data-testid="funnel-issues-sessions-page">
      <div className="cs-funnel-issue-page__back">{back}</div>
      <section className="cs-card cs-funnel-issue-header" data-testid="issues-header">
        <h1 className="cs-page__title" data-field="title">
          {unionTitle(answer.issues.length, critical)}
        </h1>
        <p className="cs-muted">Each session is listed once, however many of them it met.</p>
        <ul className="cs-funnel-issues-union" data-testid="union-issues">
          {answer.issues.map((issue: FunnelIssue) => (
            <li key={issue.issueId} data-testid="union-issue">
              <Link to={funnelIssuePath(projectId, funnelId, issue.issueId, issueQuery)} state={state} className="cs-link" data-field="title">
                {issue.title}
              </Link>{' '}
              <span className="cs-muted" data-field="figures">
                {formatCount(issue.affectedSessions)} affected sessions · {formatCount(issue.lostConversions)} lost conversions
              </span>
            </li>
          ))}
        </ul>
      </section>
      <AffectedSessions projectId={projectId} frame={frame} testId="issues-sessions" answer={answer} loading={loading} failure={errors[0] ?? null} retry={retry} emptyHints={EMPTY_HINTS} />
    </div>
  );
}
