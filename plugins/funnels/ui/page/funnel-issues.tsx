import { Button, FormErrors, Loader, NoContent } from '@cassette/plugin-sdk/ui';
import type { FunnelIssuesAnswer, FunnelSessionsCohort } from '../../shared/funnel.js';
import type { LoadFailure } from './funnel-page.machine.js';
import { IssueRow } from './issue-row.js';

export interface FunnelIssuesProps {
  loading: boolean;
  answer: FunnelIssuesAnswer | null;
  failure: LoadFailure | null;
  onRetry(): void;
  issueLink(issueId: string, cohort: FunnelSessionsCohort): string;
  /** The history state the issue links carry (the unsaved filter edit). */
  linkState?: unknown;
}

/** The issues between the span's stages, significant ones first (the server's order). */
export function FunnelIssues({ loading, answer, failure, onRetry, issueLink, linkState }: FunnelIssuesProps) {
  function content() {
    if (loading) return <Loader label="Loading the issues" />;
    if (failure || !answer)
      return (
        <div className="cs-funnel-failure" role="alert">
          <FormErrors errors={[failure?.message ?? 'The issues could not be loaded.']} />
          <Button size="small" variant="secondary" onClick={onRetry}>
            Retry
          </Button>
        </div>
      );
    if (answer.issues.length === 0)
      return (
        <NoContent
          size="small"
          title="No issues between these steps"
          subtext="The sessions here met no recorded issue (errors, failed requests, click rage…). Watch some of the dropped sessions below to see why they left."
        />
      );
    return (
      <ul className="cs-funnel-issues__list">
        {answer.issues.map((issue) => (
          <IssueRow key={issue.issueId} issue={issue} issueLink={(cohort) => issueLink(issue.issueId, cohort)} linkState={linkState} />
        ))}
      </ul>
    );
  }

  return (
    <section className="cs-card cs-funnel-issues" aria-labelledby="cs-funnel-issues-title" data-testid="funnel-issues">
      <h2 id="cs-funnel-issues-title" className="cs-card__title">
        {answer && !loading ? `Issues between Step ${answer.firstStage} and Step ${answer.lastStage}` : 'Issues'}
      </h2>
      {content()}
    </section>
  );
}
