import { forwardRef } from 'react';
import { Button } from '@cassette/plugin-sdk/ui';
import type { StageSpan } from '@cassette/plugin-sessions/api';
import type { FunnelSessionsAnswer, FunnelSessionsCohort } from '../../shared/funnel.js';
import { CohortSwitch } from '../common/cohort-switch.js';
import { FunnelSessionsList } from '../common/funnel-sessions-list.js';
import { sessionsCaption } from '../common/sessions-caption.js';
import type { LoadFailure, SessionsView } from './funnel-page.machine.js';

export interface FunnelSessionsProps {
  projectId: number;
  stagesCount: number;
  /** The page's span (null: the whole funnel). */
  span: StageSpan | null;
  view: SessionsView;
  loading: boolean;
  answer: FunnelSessionsAnswer | null;
  failure: LoadFailure | null;
  onCohort(cohort: FunnelSessionsCohort): void;
  onPage(page: number): void;
  onShowSpan(): void;
  onRetry(): void;
}

const EMPTY_HINTS: Record<FunnelSessionsCohort, string> = {
  entered: 'No session in this date range went through these steps. Choose a wider date range.',
  converted: 'No session went all the way through these steps in this date range. See the Dropped ones, or choose a wider date range.',
  dropped: 'Every session that started these steps finished them in this date range. Choose a wider date range to find some that did not.',
};

/** The sessions under the funnel: a cohort of the span (or of the number clicked), page by page. */
export const FunnelSessions = forwardRef<HTMLElement, FunnelSessionsProps>(function FunnelSessions({ projectId, stagesCount, span, view, loading, answer, failure, onCohort, onPage, onShowSpan, onRetry }, ref) {
  return (
    <section ref={ref} className="cs-card cs-funnel-sessions" aria-labelledby="cs-funnel-sessions-title" data-testid="funnel-sessions">
      <header className="cs-funnel-sessions__header">
        <h2 id="cs-funnel-sessions-title" className="cs-card__title" data-field="sessions-caption">
          {sessionsCaption(view.cohort, view.focus ?? span, stagesCount)}
        </h2>
        <CohortSwitch value={view.cohort} onChange={onCohort} />
      </header>
      {view.focus && (
        <p className="cs-funnel-sessions__focus">
          <span className="cs-muted">The sessions behind the number you clicked.</span>{' '}
          <Button size="small" variant="link" onClick={onShowSpan}>
            {span ? `Back to Step ${span.firstStage} – Step ${span.lastStage}` : 'Back to the whole funnel'}
          </Button>
        </p>
      )}
      <FunnelSessionsList
        projectId={projectId}
        loading={loading}
        answer={answer}
        failure={failure?.message ?? null}
        page={view.page}
        onPage={onPage}
        onRetry={onRetry}
        emptyHint={EMPTY_HINTS[view.cohort]}
        emptyAction={
          view.cohort !== 'entered' ? (
            <Button size="small" variant="secondary" onClick={() => onCohort('entered')}>
              Show all who entered
            </Button>
          ) : undefined
        }
      />
    </section>
  );
});
