import { useCallback, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Button, Loader, NoContent, rangeButtonLabel, useCurrentProject, useHost } from '@cassette/plugin-sdk/ui';
import type { FunnelSessionsCohort } from '../../shared/funnel.js';
import { editedFilterState } from '../common/edited-filter-state.js';
import { FunnelNotFound } from '../common/funnel-not-found.js';
import { NO_SESSIONS_IN_RANGE } from '../common/funnel-sessions-list.js';
import { viewOf, writeFunnelView } from '../common/funnel-view.js';
import { funnelIssuePath, funnelIssuesSessionsPath } from '../paths.js';
import { SaveFunnelDialog } from '../save/save-funnel-dialog.js';
import { FunnelChart } from './funnel-chart.js';
import { FunnelFilterEditor } from './funnel-filter-editor.js';
import { FunnelHeader } from './funnel-header.js';
import { FunnelIssues } from './funnel-issues.js';
import { FunnelSessions } from './funnel-sessions.js';
import { FunnelStages } from './funnel-stages.js';
import { FunnelSummary } from './funnel-summary.js';
import type { SessionsBehind } from './stage-links.js';
import { editedFilterProblem } from './funnel-page.machine.js';
import { useFunnelPage } from './use-funnel-page.js';
import { useFunnelSave } from './use-funnel-save.js';

/** `/:siteId/funnels/:funnelId` (spec part 1 §2). */
export default function FunnelPage() {
  const { funnelId = '' } = useParams();
  const project = useCurrentProject();
  if (!project) return <Loader />;
  if (!/^\d{1,15}$/.test(funnelId) || Number(funnelId) <= 0) return <FunnelNotFound projectId={project.id} />;
  // A fresh machine per funnel: nothing carries over from another one.
  return <FunnelView key={`${project.id}:${funnelId}`} projectId={project.id} funnelId={Number(funnelId)} />;
}

function FunnelView({ projectId, funnelId }: { projectId: number; funnelId: number }) {
  const { timezone, account, toast } = useHost();
  const { actor, snapshot } = useFunnelPage(projectId, funnelId);
  const save = useFunnelSave(projectId, actor);
  const [modifying, setModifying] = useState(false);
  const sessionsRef = useRef<HTMLElement>(null);
  const { context } = snapshot;
  const { funnel, range, span, picked } = context;
  const pickStage = useCallback((stage: number) => actor.send({ type: 'PICK_STAGE', stage }), [actor]);

  if (!funnel) {
    if (snapshot.matches({ insights: 'failed' })) {
      if (context.insightsFailure?.notFound) return <FunnelNotFound projectId={projectId} />;
      return (
        <div className="cs-page cs-funnel-page" role="alert">
          <div className="cs-card">
            <NoContent title={context.insightsFailure?.message ?? 'The funnel could not be loaded.'} subtext="Check your connection and try again; if it keeps failing, reload the page.">
              <Button variant="primary" onClick={() => actor.send({ type: 'RETRY_INSIGHTS' })}>
                Retry
              </Button>
            </NoContent>
          </div>
        </div>
      );
    }
    return <Loader label="Loading the funnel" />;
  }

  const refreshing = snapshot.matches({ insights: 'loading' });
  const issueQuery = (cohort: FunnelSessionsCohort) => {
    const query = writeFunnelView(viewOf(range, span));
    if (cohort !== 'entered') query.set('cohort', cohort);
    return query;
  };
  const showSessions = ({ cohort, span: behind }: SessionsBehind) => {
    actor.send({ type: 'SHOW_SESSIONS', cohort, span: behind });
    sessionsRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  };
  const stages = funnel.stages;
  const empty = stages.length === 0 || (stages[0]?.sessionsCount ?? 0) === 0;
  // Spec part 1 §5: only the author changes a funnel (shared ones included); others explore.
  const own = funnel.userId === account.id;
  const edited = context.edited;
  const problem = editedFilterProblem(edited);
  const issuesShown = snapshot.matches({ issues: 'ready' }) ? context.issues : null;
  const critical = issuesShown?.issues.filter((issue) => issue.significance.significant) ?? [];
  // One critical issue: its own page; several: the page of their union, each session once.
  const criticalIssuesLink =
    critical.length === 0
      ? null
      : critical.length === 1
        ? (cohort: FunnelSessionsCohort) => funnelIssuePath(projectId, funnel.funnelId, critical[0]!.issueId, issueQuery(cohort))
        : (cohort: FunnelSessionsCohort) => funnelIssuesSessionsPath(projectId, funnel.funnelId, critical.map((issue) => issue.issueId), issueQuery(cohort));
  const showIssues = () => document.getElementById('cs-funnel-issues-title')?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });

  return (
    <div className="cs-page cs-funnel-page" data-testid="funnel-page">
      <FunnelHeader
        projectId={projectId}
        funnel={funnel}
        range={range}
        refreshing={refreshing}
        own={own}
        onRange={(next) => actor.send({ type: 'SET_RANGE', range: next })}
        onRename={(name) => save({ name }, false)}
        onEdit={() => setModifying(true)}
      />
      <FunnelFilterEditor
        projectId={projectId}
        filter={edited ?? funnel.filter}
        edited={edited !== null}
        canModify={own}
        problem={problem}
        onChange={(filter) => actor.send({ type: 'SET_FILTER', filter })}
        onDiscard={() => actor.send({ type: 'DISCARD_FILTER' })}
        onModify={() => setModifying(true)}
      />
      {modifying && (
        <SaveFunnelDialog
          existing={{ name: funnel.name, isPublic: funnel.isPublic }}
          summary={edited ? <p className="cs-muted">Saves the steps and filters as you changed them on this page.</p> : undefined}
          problem={problem}
          onClose={() => setModifying(false)}
          onSave={async (input) => {
            await save(input, true);
            setModifying(false);
            toast(`Saved the funnel “${input.name}”.`, 'success');
          }}
        />
      )}
      {snapshot.matches({ insights: 'failed' }) ? (
        <div className="cs-card cs-funnel-failure" role="alert">
          <NoContent size="small" title={context.insightsFailure?.message ?? 'The figures could not be loaded.'} subtext="The figures below are not shown until they load. Try again.">
            <Button variant="primary" onClick={() => actor.send({ type: 'RETRY_INSIGHTS' })}>
              Retry
            </Button>
          </NoContent>
        </div>
      ) : empty ? (
        <div className="cs-card" data-testid="funnel-empty">
          <NoContent
            title={NO_SESSIONS_IN_RANGE}
            subtext={`No session in ${rangeButtonLabel(range.rangeValue, range.startDate, range.endDate, timezone)} ${stages[0] ? `reached Step 1 (${stages[0].header})` : 'went through these steps'}. Choose a wider date range above, or open Sessions to check that the steps match what visitors do.`}
          >
            <Link to={`/${projectId}/sessions`} className="cs-btn cs-btn--secondary">
              Go to Sessions
            </Link>
          </NoContent>
        </div>
      ) : (
        <>
          <FunnelSummary funnel={funnel} onShowSessions={showSessions} criticalIssuesLink={criticalIssuesLink} linkState={editedFilterState(edited)} onShowIssues={showIssues} />
          <section className="cs-card cs-funnel-steps" aria-label="Steps">
            <FunnelChart stages={stages} span={span} picked={picked} onPickStage={pickStage} />
            <FunnelStages stages={stages} span={span} picked={picked} onPick={pickStage} onClear={() => actor.send({ type: 'CLEAR_STAGES' })} onShowSessions={showSessions} />
          </section>
          <FunnelIssues
            loading={!snapshot.matches({ issues: 'ready' }) && !snapshot.matches({ issues: 'failed' })}
            answer={context.issues}
            failure={context.issuesFailure}
            onRetry={() => actor.send({ type: 'RETRY_ISSUES' })}
            issueLink={(issueId, cohort) => funnelIssuePath(projectId, funnel.funnelId, issueId, issueQuery(cohort))}
            linkState={editedFilterState(edited)}
          />
          <FunnelSessions
            ref={sessionsRef}
            projectId={projectId}
            stagesCount={stages.length}
            span={span}
            view={context.sessionsView}
            loading={!snapshot.matches({ sessions: 'ready' }) && !snapshot.matches({ sessions: 'failed' })}
            answer={context.sessions}
            failure={context.sessionsFailure}
            onCohort={(cohort) => actor.send({ type: 'SET_COHORT', cohort })}
            onPage={(page) => actor.send({ type: 'SET_SESSIONS_PAGE', page })}
            onShowSpan={() => actor.send({ type: 'SHOW_SPAN_SESSIONS' })}
            onRetry={() => actor.send({ type: 'RETRY_SESSIONS' })}
          />
        </>
      )}
    </div>
  );
}
