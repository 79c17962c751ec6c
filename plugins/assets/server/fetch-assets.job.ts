import { Type } from '@sinclair/typebox';
import { defineJob } from '@cassette/plugin-sdk/server';
import type { AssetsContext, AssetsDeps } from './deps.js';
import { fetchAsset } from './asset-fetcher.js';
import { pendingAssets, registerAssets } from './asset-store.js';
import { assetUrlsToRegister } from './own-origin.js';

/** Copies a project's pending assets, a bounded number per run; a run that leaves some queues the next. */
export const fetchAssetsJob = defineJob({
  name: 'assets.fetchPending',
  schema: Type.Object({ projectId: Type.Integer({ minimum: 1 }) }),
  attempts: 3,
  backoffMs: 5_000,
});

const jobIdOf = (projectId: number) => `assets-fetch-${projectId}`;

/** On `assets.recorded`: registers the URLs (deduplicated per project) and queues a fetch run when any is new. */
export async function registerRecordedAssets({ projectId, urls }: { projectId: number; urls: string[] }, { deps }: AssetsContext): Promise<void> {
  await registerAssetUrls(deps, projectId, urls);
}

/**
 * Registers recorded asset URLs of a project, as every batch's are: the server's own origin
 * skipped, at most `urlsPerBatch`, within `maxAssetsPerProject`; queues a fetch run when any is
 * new. Answers the URLs it took (registered now or before).
 */
export async function registerAssetUrls(deps: AssetsDeps, projectId: number, urls: readonly string[]): Promise<string[]> {
  const { settings } = deps;
  const wanted = assetUrlsToRegister(urls, null, deps.config.publicUrl, settings.urlsPerBatch);
  const added = await registerAssets(deps.database.sql, projectId, wanted, 0, settings.maxAssetsPerProject);
  if (added > 0) await deps.jobs.enqueue(fetchAssetsJob, { projectId }, { jobId: jobIdOf(projectId) });
  return wanted;
}

export async function fetchPendingAssets({ projectId }: { projectId: number }, { deps, log }: AssetsContext): Promise<void> {
  const run = deps.database.sql;
  const rows = await pendingAssets(run, projectId, deps.settings.fetchesPerRun);
  let stored = 0;
  for (const row of rows) {
    const outcome = await fetchAsset(deps, run, row);
    if (outcome.state === 'stored') stored += 1;
  }
  if (rows.length > 0) log.debug({ projectId, fetched: rows.length, stored }, 'assets fetched');
  // A full run may have left more (or a stylesheet registered its fonts): the next run takes them.
  if (rows.length === deps.settings.fetchesPerRun || (await pendingAssets(run, projectId, 1)).length > 0) {
    await deps.jobs.enqueue(fetchAssetsJob, { projectId }, { jobId: `${jobIdOf(projectId)}-${Date.now()}` });
  }
}
