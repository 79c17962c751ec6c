import { Type } from '@sinclair/typebox';
import { defineJob } from '@cassette/plugin-sdk/server';
import type { SessionsContext } from '../deps.js';
import { enabledWatchdogs } from '../watchdogs/watchdog-store.js';
import { rehydrateSession } from './rehydrate-session.js';
import { countScope, markFinished, markProgress, markStarted, nextSessions, rehydrationScope } from './rehydration-store.js';

/** Sessions read per round; progress is saved after each. */
export const REHYDRATION_PAGE = 25;

export const rehydrateJob = defineJob({
  name: 'sessions.rehydrate',
  schema: Type.Object({ rehydrationId: Type.Integer({ minimum: 1 }) }),
  // A failure is written on the job (state failed, with the reason) for the admin to see and start again.
  attempts: 1,
});

/**
 * Re-processes the job's sessions one page at a time, in id (start time) order, saving the
 * count done after each page. The rules are read once at the start: the job applies the rules
 * as they were when it began.
 */
export async function runRehydration({ rehydrationId }: { rehydrationId: number }, { deps, log }: SessionsContext): Promise<void> {
  const run = deps.database.sql;
  const scope = await rehydrationScope(run, rehydrationId);
  // Deleted with its project, or already run (a repeated job): nothing to do.
  if (!scope || scope.state === 'done' || scope.state === 'failed') return;
  try {
    await markStarted(run, rehydrationId, await countScope(run, scope));
    const rules = await enabledWatchdogs(run, scope.projectId);
    let after = '';
    let processed = 0;
    for (;;) {
      const ids = await nextSessions(run, scope, after, REHYDRATION_PAGE);
      if (ids.length === 0) break;
      for (const sessionId of ids) if (await rehydrateSession(run, deps.recordings, scope.projectId, sessionId, rules)) processed++;
      after = ids[ids.length - 1]!;
      await markProgress(run, rehydrationId, processed);
    }
    await markFinished(run, rehydrationId, 'done', null);
    log.info({ rehydrationId, projectId: scope.projectId, processed }, 'rehydration done');
  } catch (error) {
    log.error({ err: error, rehydrationId }, 'rehydration failed');
    await markFinished(run, rehydrationId, 'failed', 'Processing stopped on an unexpected error; start the rehydration again, and tell your operator if it fails again.');
  }
}
