import { Type } from '@sinclair/typebox';
import { defineJob } from '@cassette/plugin-sdk/server';
import type { AssetsContext } from './deps.js';
import { deleteLiveReferences, deleteProjectAssets } from './asset-store.js';

/** A deleted project's copies go at once. */
export const deleteProjectAssetsJob = defineJob({
  name: 'assets.deleteProject',
  schema: Type.Object({ projectId: Type.Integer({ minimum: 1 }) }),
  attempts: 5,
  backoffMs: 10_000,
});

export async function queueProjectAssetsDeletion({ projectId }: { projectId: number }, { deps }: AssetsContext): Promise<void> {
  await deps.jobs.enqueue(deleteProjectAssetsJob, { projectId }, { jobId: `assets-delete-project-${projectId}` });
}

/** Rows first: a copy without its row is never served, and the blobs are listed by the project's prefix. */
export async function deleteAssetsOfProject({ projectId }: { projectId: number }, { deps, log }: AssetsContext): Promise<void> {
  const rows = await deleteProjectAssets(deps.database.sql, projectId);
  await deleteLiveReferences(deps.database.sql, projectId, null);
  const keys = await deps.blobs.list(`assets/${projectId}/`);
  for (const key of keys) await deps.blobs.delete(key);
  if (rows > 0 || keys.length > 0) log.info({ projectId, rows, blobs: keys.length }, 'assets of a deleted project deleted');
}
