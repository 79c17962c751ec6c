import { useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Button, Chart, FormErrors, Loader, NoContent, useApi, useCurrentProject, useHost } from '@cassette/plugin-sdk/ui';
import type { ErrorDetail, ErrorStatusChange } from '../../api.js';
import { announceErrorsSeen } from '../badge/errors-seen-signal.js';
import { occurrenceChartOptions, occurrenceTimeAxis } from '../charts/chart-options.js';
import { errorDetailPath, errorsListPath, errorsRoutes, sourceMapsPath, type StatusAction } from '../paths.js';
import { StackTraceViewer } from '../stack-trace/stack-trace-viewer.js';
import { useResolvedStack } from '../stack-trace/use-resolved-stack.js';
import { errorDetailMachine } from './error-detail.machine.js';
import { ErrorHeader } from './error-header.js';
import { ErrorSessionsList } from './error-sessions.js';
import { ErrorTags } from './error-tags.js';
import { useErrorSessions } from './use-error-sessions.js';

export const ERROR_NOT_FOUND = 'This error does not exist (or was merged/deleted)';

/** `/:siteId/errors/:errorId` (spec part 2 §2). */
export default function ErrorDetailPage() {
  const { errorId = '' } = useParams();
  const project = useCurrentProject();
  if (!project) return <Loader />;
  // A fresh page per error: nothing (status change, disabled actions) carries over.
  return <ErrorDetailView key={`${project.id}:${errorId}`} projectId={project.id} errorId={errorId} />;
}

function ErrorDetailView({ projectId, errorId }: { projectId: number; errorId: string }) {
  const api = useApi();
  const { timezone } = useHost();
  const machine = useMemo(
    () =>
      errorDetailMachine.provide({
        actors: {
          loadDetail: fromPromise(async ({ input }: { input: { errorId: string } }) => {
            const detail = await api.get<ErrorDetail>(errorsRoutes.detail(projectId, input.errorId));
            announceErrorsSeen();
            return detail;
          }),
          changeStatus: fromPromise(({ input }: { input: { errorId: string; action: StatusAction } }) =>
            api.get<ErrorStatusChange>(errorsRoutes.status(projectId, input.errorId, input.action)),
          ),
        },
      }),
    [api, projectId],
  );
  const actor = useActorRef(machine, { input: { errorId } });
  const state = useSelector(actor, (s) => (s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'ready'));
  const context = useSelector(actor, (s) => s.context);
  const back = (
    <Link to={errorsListPath(projectId)} className="cs-link">
      ← All errors
    </Link>
  );

  if (state === 'loading') return <Loader label="Loading the error" />;
  if (state === 'failed' || !context.detail) {
    const notFound = context.failure?.notFound === true;
    return (
      <div className="cs-page cs-error-detail" role="alert">
        <div className="cs-card">
          <NoContent title={notFound ? ERROR_NOT_FOUND : (context.failure?.message ?? 'The error could not be loaded.')} subtext={notFound ? 'It may have been merged into another error or removed with its sessions.' : undefined}>
            {!notFound && (
              <Button variant="primary" onClick={() => actor.send({ type: 'RETRY' })}>
                Retry
              </Button>
            )}
            <Link to={errorsListPath(projectId)} className="cs-btn cs-btn--secondary">
              Back to errors
            </Link>
          </NoContent>
        </div>
      </div>
    );
  }

  const detail = context.detail;
  return (
    <div className="cs-page cs-error-detail" data-testid="error-detail">
      <div className="cs-error-detail__back">{back}</div>
      <ErrorHeader
        siteId={projectId}
        error={detail}
        disabled={context.disabled}
        pendingAction={context.pendingAction}
        onAction={(action) => actor.send({ type: 'CHANGE_STATUS', action })}
        onFavoriteChange={(favorite) => actor.send({ type: 'FAVORITE_CHANGED', favorite })}
      />
      {context.statusError && <FormErrors errors={[context.statusError]} />}
      {detail.parentErrorId && (
        <div className="cs-notice cs-error-detail__merged" data-testid="merged-into">
          Merged into <Link to={errorDetailPath(projectId, detail.parentErrorId)}>another error</Link>: new occurrences count there.
        </div>
      )}
      <div className="cs-error-detail__layout">
        <div className="cs-error-detail__main">
          <section className="cs-card cs-error-detail__section">
            <h2 className="cs-card__title">Stack trace</h2>
            <ErrorStack projectId={projectId} errorId={detail.errorId} />
          </section>
          <section className="cs-card cs-error-detail__section cs-error-detail__charts">
            <Chart
              testId="chart-24h"
              options={occurrenceChartOptions('Past 24 Hours', detail.chart24 ?? [], 'hour', timezone)}
              timeAxis={occurrenceTimeAxis(detail.chart24 ?? [], 'hour', timezone)}
            />
            <Chart
              testId="chart-30d"
              options={occurrenceChartOptions('Past 30 Days', detail.chart30 ?? [], 'day', timezone)}
              timeAxis={occurrenceTimeAxis(detail.chart30 ?? [], 'day', timezone)}
            />
          </section>
          <section className="cs-card cs-error-detail__section">
            <h2 className="cs-card__title">Sessions</h2>
            <Sessions projectId={projectId} detail={detail} />
          </section>
        </div>
        <aside className="cs-error-detail__side">
          <section className="cs-card cs-error-detail__section">
            <h2 className="cs-card__title">Tags</h2>
            <ErrorTags tags={detail.tags ?? []} />
          </section>
          <section className="cs-card cs-error-detail__section" data-testid="releases">
            <h2 className="cs-card__title">Releases</h2>
            {(detail.releases ?? []).length === 0 ? (
              <p className="cs-muted">The site sent no release with these errors.</p>
            ) : (
              <ul className="cs-error-releases">
                {detail.releases.map((release) => (
                  <li key={release}>
                    <code>{release}</code>
                  </li>
                ))}
              </ul>
            )}
          </section>
          {(detail.mergedErrorIds ?? []).length > 0 && (
            <section className="cs-card cs-error-detail__section" data-testid="merged-errors">
              <h2 className="cs-card__title">Merged errors</h2>
              <p className="cs-muted">{detail.mergedErrorIds.length} other errors were merged into this one.</p>
            </section>
          )}
        </aside>
      </div>
    </div>
  );
}

function Sessions({ projectId, detail }: { projectId: number; detail: ErrorDetail }) {
  const sessions = useErrorSessions(projectId, detail.errorId, detail.sessions10 ?? [], detail.sessions);
  return <ErrorSessionsList siteId={projectId} sessions={sessions} />;
}

function ErrorStack({ projectId, errorId }: { projectId: number; errorId: string }) {
  const { stack, loading, error, retry } = useResolvedStack(errorsRoutes.stack(projectId, errorId));
  if (loading) return <Loader label="Loading the stack trace" />;
  if (error || !stack)
    return (
      <div role="alert">
        <FormErrors errors={[error ?? 'The stack trace could not be loaded.']} />
        <Button size="small" variant="secondary" onClick={retry}>
          Retry
        </Button>
      </div>
    );
  return (
    <StackTraceViewer
      stack={stack}
      sourceMapsHint={
        <Link to={sourceMapsPath(projectId)} className="cs-link">
          How to upload source maps
        </Link>
      }
    />
  );
}
