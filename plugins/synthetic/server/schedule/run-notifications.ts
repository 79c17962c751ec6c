import type { SyntheticDeps } from '../deps.js';
import type { RunState } from '../../shared/model.js';
import { findRun } from '../store/run-store.js';
import { findSchedulerAnyProject, recordLastState } from '../store/scheduler-store.js';

export type NoticeKind = 'failed' | 'recovered';

/** Whether a scheduled run's end is news: the first failure after passing, or the first pass after failing. */
export function noticeFor(previous: RunState | null, state: RunState): NoticeKind | null {
  if (state === 'failed' && previous !== 'failed') return 'failed';
  if (state === 'passed' && previous === 'failed') return 'recovered';
  return null;
}

/**
 * After a scheduled run ends: the scheduler remembers the state, and a failure (or the recovery
 * after one) reaches the bell of every member who may see the project (filterKey 'synthetic')
 * and the scheduler's e-mail, Slack and webhook targets. A target that cannot be reached is
 * logged; the others are still tried.
 */
export async function notifyScheduledRun(deps: Pick<SyntheticDeps, 'database' | 'projects' | 'notifications' | 'mailer' | 'webhooks' | 'config' | 'logger'>, runId: number, state: RunState): Promise<NoticeKind | null> {
  const db = deps.database.sql;
  const run = await findRun(db, runId);
  if (!run?.schedulerId || (state !== 'passed' && state !== 'failed')) return null;
  const scheduler = await findSchedulerAnyProject(db, run.schedulerId);
  if (!scheduler) return null;
  const kind = noticeFor(await recordLastState(db, scheduler.schedulerId, state), state);
  if (!kind) return null;
  const project = await deps.projects.get(run.projectId);
  if (!project) return null;
  const failedStep = run.steps.find((s) => s.status === 'failed');
  const path = `/${run.projectId}/tests/runs/${run.runId}`;
  const link = `${deps.config.publicUrl.replace(/\/$/, '')}${path}`;
  const title = kind === 'failed' ? `Test "${run.name}" failed` : `Test "${run.name}" passes again`;
  const text =
    kind === 'failed'
      ? `The scheduled run of "${run.name}" (${scheduler.name}) in ${project.name} failed${failedStep ? ` at step ${failedStep.order} "${failedStep.title}": ${failedStep.info ?? ''}` : run.failure ? `: ${run.failure}` : '.'}`
      : `The scheduled run of "${run.name}" (${scheduler.name}) in ${project.name} passed after failing.`;
  await deps.notifications.notify({
    tenantId: project.tenantId,
    projectId: run.projectId,
    title,
    description: text,
    level: kind === 'failed' ? 'error' : 'info',
    link: path,
    source: 'SYNTHETIC',
    sourceId: String(run.runId),
    sourceMeta: { kind, testId: run.testId, schedulerId: scheduler.schedulerId, runId: run.runId },
    filterKey: 'synthetic',
  });
  for (const target of scheduler.notifications) {
    try {
      if (target.type === 'email') {
        await deps.mailer.send({ to: target.value, subject: title, text: `${text}\n\nSee the run: ${link}\n` });
      } else {
        const outcome = await deps.webhooks.deliver(
          project.tenantId,
          Number(target.value),
          { event: kind === 'failed' ? 'synthetic.run.failed' : 'synthetic.run.recovered', title, text, link, data: { projectId: run.projectId, testId: run.testId, runId: run.runId, schedulerId: scheduler.schedulerId, state, failedStep: failedStep ?? null } },
          { type: target.type },
        );
        if (!outcome.ok) deps.logger.warn({ schedulerId: scheduler.schedulerId, target: target.type, reason: outcome.message }, 'synthetic: a notification was not delivered');
      }
    } catch (error) {
      deps.logger.warn({ schedulerId: scheduler.schedulerId, target: target.type, err: error instanceof Error ? error.message : String(error) }, 'synthetic: a notification was not delivered');
    }
  }
  return kind;
}
