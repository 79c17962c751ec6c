import { Button, Loader, NoContent, Pagination, Slot } from '@cassette/plugin-sdk/ui';
import { sessionsSlots } from '@cassette/plugin-sessions/api';
import { METRIC_SESSIONS_PAGE_SIZE, NO_RECORDINGS } from '../constants.js';
import type { MetricSessionsAnswer } from '../wire.js';
import type { Drill } from './use-metric-sessions.js';

export interface MetricSessionsProps {
  projectId: number;
  answer: MetricSessionsAnswer | null;
  loading: boolean;
  failed: boolean;
  drill: Drill;
  page: number;
  onPage(page: number): void;
  onClearDrill(): void;
}

/** The sessions behind the chart (or the clicked point / row), 10 a page, drawn by the sessions plugin's rows. */
export function MetricSessions({ projectId, answer, loading, failed, drill, page, onPage, onClearDrill }: MetricSessionsProps) {
  const series = answer?.series ?? [];
  const total = Math.max(0, ...series.map((s) => s.total));
  const pages = Math.max(1, Math.ceil(total / METRIC_SESSIONS_PAGE_SIZE));
  return (
    <section className="cs-metric-sessions" data-testid="metric-sessions">
      <header className="cs-metric-sessions__header">
        <h2>Sessions</h2>
        {drill && (
          <span className="cs-metric-sessions__drill" data-field="drill">
            {drill.kind === 'row' ? `Only ${drill.value}` : 'Only the clicked point'}
            <Button variant="link" size="small" onClick={onClearDrill}>
              Clear
            </Button>
          </span>
        )}
      </header>
      {loading && !answer ? (
        <Loader label="Loading sessions" />
      ) : failed ? (
        <p role="alert">The sessions could not be loaded.</p>
      ) : series.every((s) => s.sessions.length === 0) ? (
        <NoContent size="small" title={NO_RECORDINGS} />
      ) : (
        <div className={loading ? 'is-refreshing' : undefined} aria-busy={loading || undefined}>
          {series
            .filter((s) => s.sessions.length > 0)
            .map((s) => (
              <div key={`${s.index}`} className="cs-metric-sessions__series" data-testid="series-sessions">
                {series.length > 1 && <h3 className="cs-metric-sessions__series-name">{`${s.name} (${s.total})`}</h3>}
                <Slot slot={sessionsSlots.sessionRows} props={{ projectId, sessions: s.sessions }} fallback={<p className="cs-muted">The sessions plugin is off, so these sessions cannot be shown.</p>} />
              </div>
            ))}
          {pages > 1 && <Pagination page={page} pages={pages} onChange={onPage} />}
        </div>
      )}
    </section>
  );
}
