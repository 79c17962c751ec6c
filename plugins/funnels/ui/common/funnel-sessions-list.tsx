import type { ReactNode } from 'react';
import { Button, FormErrors, Loader, NoContent, Pagination, showingText, Slot } from '@cassette/plugin-sdk/ui';
import { sessionsSlots } from '@cassette/plugin-sessions/api';
import type { FunnelSessionsAnswer } from '../../shared/funnel.js';
import { FUNNEL_SESSIONS_PAGE_SIZE } from '../constants.js';

export const NO_SESSIONS_IN_RANGE = 'No sessions in this range';

export interface FunnelSessionsListProps {
  projectId: number;
  loading: boolean;
  answer: FunnelSessionsAnswer | null;
  failure: string | null;
  page: number;
  onPage(page: number): void;
  onRetry(): void;
  /** What to do when the list is empty. */
  emptyHint: string;
  emptyAction?: ReactNode;
}

/** A page of a funnel's (or an issue's) sessions, drawn by the sessions plugin's rows. */
export function FunnelSessionsList({ projectId, loading, answer, failure, page, onPage, onRetry, emptyHint, emptyAction }: FunnelSessionsListProps) {
  if (loading) return <Loader label="Loading sessions" />;
  if (failure || !answer)
    return (
      <div className="cs-funnel-failure" role="alert">
        <FormErrors errors={[failure ?? 'The sessions could not be loaded.']} />
        <Button size="small" variant="secondary" onClick={onRetry}>
          Retry
        </Button>
      </div>
    );
  const pages = Math.max(1, Math.ceil(answer.total / FUNNEL_SESSIONS_PAGE_SIZE));
  if (answer.sessions.length === 0)
    return (
      <NoContent size="small" title={NO_SESSIONS_IN_RANGE} subtext={page > 1 && answer.total > 0 ? `These ${answer.total} sessions are all on earlier pages.` : emptyHint}>
        {page > 1 ? (
          <Button size="small" variant="secondary" onClick={() => onPage(1)}>
            Go to page 1
          </Button>
        ) : (
          emptyAction
        )}
      </NoContent>
    );
  return (
    <>
      <Slot
        slot={sessionsSlots.sessionRows}
        props={{ projectId, sessions: answer.sessions }}
        fallback={<p className="cs-muted">The sessions plugin is off, so these sessions cannot be shown.</p>}
      />
      <div className="cs-funnel-sessions__footer">
        <span className="cs-muted" data-field="showing">
          {showingText(page, FUNNEL_SESSIONS_PAGE_SIZE, answer.sessions.length, answer.total)}
        </span>
        {pages > 1 && <Pagination page={page} pages={pages} onChange={onPage} />}
      </div>
    </>
  );
}
