import type { SyntheticDeps } from '../deps.js';
import { nextExecution } from '../../shared/schedule-time.js';
import { startRun } from '../runs/start-run.js';
import { claimDue } from '../store/scheduler-store.js';
import type { RunOptions, Scheduler } from '../../shared/model.js';

/** What a scheduler's runs are made with. */
export function schedulerRunOptions(scheduler: Scheduler): Partial<RunOptions> {
  return {
    ...(scheduler.environmentId ? { environmentId: scheduler.environmentId } : {}),
    device: scheduler.device,
    network: scheduler.advancedOptions.network,
    headers: scheduler.advancedOptions.headers,
    cookies: scheduler.advancedOptions.cookies,
    ...(scheduler.advancedOptions.basicAuth ? { basicAuth: scheduler.advancedOptions.basicAuth } : {}),
    bypassCSP: scheduler.advancedOptions.bypassCSP,
  };
}

/**
 * Starts a run for every scheduler due at `now`. Each scheduler's next time is moved on as it is
 * claimed (counted as an execution), so a scheduler whose run cannot start (its test was emptied)
 * does not fire every minute; the reason is logged.
 */
export async function runDueSchedulers(deps: Pick<SyntheticDeps, 'database' | 'jobs' | 'logger'>, now: number): Promise<number[]> {
  const due = await claimDue(deps.database.sql, now, (s) => nextExecution(s, Math.max(now, s.nextExecutionTime ?? now)));
  const started: number[] = [];
  for (const scheduler of due) {
    try {
      started.push(
        await startRun(deps, deps.database.sql, {
          projectId: scheduler.projectId,
          testId: scheduler.testId,
          schedulerId: scheduler.schedulerId,
          createdBy: null,
          options: schedulerRunOptions(scheduler),
        }),
      );
    } catch (error) {
      deps.logger.warn({ schedulerId: scheduler.schedulerId, err: error instanceof Error ? error.message : String(error) }, 'synthetic: a scheduled run could not start');
    }
  }
  return started;
}
