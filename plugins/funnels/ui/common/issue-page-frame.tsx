import type { ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { Button, NoContent } from '@cassette/plugin-sdk/ui';
import type { FunnelSessionsCohort } from '../../shared/funnel.js';
import { CohortSwitch } from './cohort-switch.js';
import { editedFilterState, readEditedFilter } from './edited-filter-state.js';
import { FunnelSessionsList, type FunnelSessionsListProps } from './funnel-sessions-list.js';
import { readCohort, readFunnelView, readPage, writeFunnelView, type FunnelView } from './funnel-view.js';
import { funnelPath } from '../paths.js';

/** Where a page of a funnel's issue sessions (one issue, or several) stands, and how it moves. */
export interface IssuePageFrame {
  view: FunnelView;
  cohort: FunnelSessionsCohort;
  page: number;
  /** The funnel's filter as edited on its page, when the link came from there: the issues are of that funnel. */
  edited: ReturnType<typeof readEditedFilter>;
  state: ReturnType<typeof editedFilterState>;
  backTo: string;
  back: ReactNode;
  /** Another cohort (from its first page) or another page, keeping the edited filter. */
  go(change: { cohort?: FunnelSessionsCohort; page?: number }): void;
}

export function useIssuePageFrame(projectId: number, funnelId: number): IssuePageFrame & { params: URLSearchParams } {
  const [params, setParams] = useSearchParams();
  const view = readFunnelView(params);
  const edited = readEditedFilter(useLocation().state);
  const state = editedFilterState(edited);
  const backTo = funnelPath(projectId, funnelId, writeFunnelView(view));
  const back = (
    <Link to={backTo} state={state} className="cs-link" data-testid="back-to-funnel">
      ← Back to the funnel
    </Link>
  );
  const go = (change: { cohort?: FunnelSessionsCohort; page?: number }) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (change.cohort !== undefined) {
        if (change.cohort === 'entered') next.delete('cohort');
        else next.set('cohort', change.cohort);
        next.delete('page');
      }
      if (change.page !== undefined) {
        if (change.page <= 1) next.delete('page');
        else next.set('page', String(change.page));
      }
      return next;
    }, { state });
  return { params, view, cohort: readCohort(params), page: readPage(params), edited, state, backTo, back, go };
}

/** A page of issue sessions that cannot show them: what went wrong, and the one thing to do next. */
export function IssuePageProblem({ frame, title, subtext, retry }: { frame: Pick<IssuePageFrame, 'back' | 'backTo' | 'state'>; title: string; subtext: string; retry?: () => void }) {
  return (
    <div className="cs-page cs-funnel-issue-page" role="alert">
      {frame.back}
      <div className="cs-card">
        <NoContent title={title} subtext={subtext}>
          {retry ? (
            <Button variant="primary" onClick={retry}>
              Retry
            </Button>
          ) : (
            <Link to={frame.backTo} state={frame.state} className="cs-btn cs-btn--secondary">
              Open the funnel
            </Link>
          )}
        </NoContent>
      </div>
    </div>
  );
}

/** What to do when the sessions could not be loaded. */
export const RETRY_SUBTEXT = 'Check your connection and try again; if it keeps failing, reload the page.';

/** The note that the counts follow the funnel page's unsaved edit, then the affected sessions by cohort, page by page. */
export function AffectedSessions({ projectId, frame, testId, answer, loading, failure, retry, emptyHints }: {
  projectId: number;
  frame: IssuePageFrame;
  testId: string;
  answer: FunnelSessionsListProps['answer'];
  loading: boolean;
  failure: string | null;
  retry(): void;
  emptyHints: Record<FunnelSessionsCohort, string>;
}) {
  const { view, cohort, page, edited, go } = frame;
  return (
    <>
      {edited && (
        <p className="cs-notice" data-testid="issue-edited-filter">
          Counted over the steps and filters as changed on the funnel page, not saved.
        </p>
      )}
      <section className="cs-card cs-funnel-sessions" aria-label="Affected sessions" data-testid={testId}>
        <header className="cs-funnel-sessions__header">
          <h2 className="cs-card__title">Affected sessions{view.span ? ` between Step ${view.span.firstStage} and Step ${view.span.lastStage}` : ''}</h2>
          <CohortSwitch value={cohort} onChange={(next) => go({ cohort: next })} labels={{ entered: 'All affected' }} />
        </header>
        <FunnelSessionsList
          projectId={projectId}
          loading={loading}
          answer={answer}
          failure={failure}
          page={page}
          onPage={(next) => go({ page: next })}
          onRetry={retry}
          emptyHint={emptyHints[cohort]}
          emptyAction={
            cohort !== 'entered' ? (
              <Button size="small" variant="secondary" onClick={() => go({ cohort: 'entered' })}>
                Show all affected
              </Button>
            ) : undefined
          }
        />
      </section>
    </>
  );
}
