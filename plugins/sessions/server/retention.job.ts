import { Type } from '@sinclair/typebox';
import { defineJob, sql, type DatabaseService, type Logger, type ProjectsService } from '@cassette/plugin-sdk/server';
import type { SessionsContext } from './deps.js';
import { sessionDeletion, type SessionDeletion } from './session-deletion.js';

export const RETENTION_EVERY_MS = 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Daily: sessions older than their project's `gdpr.retentionDays` are deleted with their recordings. */
export const retentionJob = defineJob({
  name: 'sessions.retention',
  schema: Type.Object({}),
  attempts: 3,
  backoffMs: 60_000,
});

export interface RetentionDeps {
  db: DatabaseService;
  projects: ProjectsService;
  deletion: SessionDeletion;
  log: Pick<Logger, 'info'>;
}

/** Answers how many sessions were deleted. A project that no longer exists loses all its sessions. */
export async function enforceRetention({ db, projects, deletion, log }: RetentionDeps, now = new Date()): Promise<number> {
  const owners = await db.sql<{ project_id: number }>(sql`select distinct project_id from sessions_sessions`);
  let deleted = 0;
  for (const { project_id: projectId } of owners) {
    const project = await projects.get(projectId);
    deleted += await deletion.deleteOlderThan(projectId, project ? new Date(now.getTime() - project.gdpr.retentionDays * DAY_MS) : null);
  }
  if (deleted > 0) log.info({ deleted }, 'sessions past their retention period deleted');
  return deleted;
}

/** The daily job's handler, with this boot's services. */
export async function runRetention(_payload: unknown, { deps, log }: SessionsContext): Promise<void> {
  await enforceRetention({ db: deps.database, projects: deps.projects, deletion: sessionDeletion(deps), log });
}
