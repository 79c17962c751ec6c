import type { ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { Button, NoContent } from '@cassette/plugin-sdk/ui';
import type { FunnelSessionsCohort } from '../../shared/funnel.js';
import { editedFilterState, readEditedFilter } from './edited-filter-state.js';
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
