import { Type } from '@sinclair/typebox';
import { defineJob, sql, type Logger } from '@cassette/plugin-sdk/server';
import { deleteSessionData } from './batch-store.js';
import type { IngestRuntime } from './runtime.js';

export const retentionJob = defineJob({ name: 'ingest.retention', schema: Type.Object({}), attempts: 3 });
export const RETENTION_EVERY_MS = 24 * 60 * 60 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;
const CHUNK = 500;

/**
 * Deletes recordings older than each project's retention period (GDPR settings,
 * `retentionDays`), and everything of projects that no longer exist.
 */
export async function enforceRetention(rt: IngestRuntime, log: Logger, now = Date.now()): Promise<number> {
  const { db, blobs, projects } = rt.deps;
  const projectIds = (await db.sql<{ project_id: number }>(sql`select distinct project_id from ingest_sessions`)).map((r) => Number(r.project_id));
  let deleted = 0;
  for (const projectId of projectIds) {
    const project = await projects.get(projectId);
    const cutoff = project ? new Date(now - project.gdpr.retentionDays * DAY_MS) : null;
    for (;;) {
      const ids = (
        cutoff
          ? await db.sql<{ id: string }>(sql`select id from ingest_sessions where project_id = ${projectId} and started_at < ${cutoff} order by started_at limit ${CHUNK}`)
          : await db.sql<{ id: string }>(sql`select id from ingest_sessions where project_id = ${projectId} order by started_at limit ${CHUNK}`)
      ).map((r) => r.id);
      if (!ids.length) break;
      deleted += await deleteSessionData(db, blobs, projectId, ids);
      if (ids.length < CHUNK) break;
    }
  }
  if (deleted) log.info({ sessions: deleted }, 'recordings past their retention period deleted');
  return deleted;
}
