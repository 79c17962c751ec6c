import { Type } from '@sinclair/typebox';
import { defineJob } from '@cassette/plugin-sdk/server';
import type { SessionsContext } from './deps.js';
import { deleteProjectSavedSearches } from './saved-searches/saved-search-store.js';
import { deleteProjectRehydrations } from './rehydration/rehydration-store.js';
import { sessionDeletion } from './session-deletion.js';
import { deleteProjectWatchdogs } from './watchdogs/watchdog-store.js';

/** A deleted project's recordings go at once, not at the next daily run. */
export const deleteProjectSessionsJob = defineJob({
  name: 'sessions.deleteProject',
  schema: Type.Object({ projectId: Type.Integer({ minimum: 1 }) }),
  attempts: 5,
  backoffMs: 10_000,
});

/** On `core.projectDeleted`: one job id per project, so a repeated event queues nothing while the first is pending. */
export async function queueProjectDeletion({ projectId }: { projectId: number }, { deps }: SessionsContext): Promise<void> {
  await deps.jobs.enqueue(deleteProjectSessionsJob, { projectId }, { jobId: `sessions-delete-project-${projectId}` });
}

/** Deletes every session of the project (with recordings and events), then its saved searches, watchdog rules and rehydration jobs. */
export async function deleteProjectSessions({ projectId }: { projectId: number }, { deps, log }: SessionsContext): Promise<void> {
  const deleted = await sessionDeletion(deps).deleteOlderThan(projectId, null);
  if (deleted > 0) log.info({ projectId, deleted }, 'sessions of a deleted project deleted');
  await deleteProjectSavedSearches(deps.database, projectId);
  await deleteProjectWatchdogs(deps.database.sql, projectId);
  await deleteProjectRehydrations(deps.database.sql, projectId);
}
