import { createHash } from 'node:crypto';
import { joinSql, sql, type SqlRunner } from '@cassette/plugin-sdk/server';
import type { AssetState } from '../api.js';

export interface AssetRow {
  id: string;
  project_id: number;
  url: string;
  depth: number;
  state: AssetState;
  reason: string | null;
  failed_upstream: boolean;
  content_type: string | null;
  bytes: string | number | null;
  blob_key: string | null;
  fetched_at: Date | string | null;
}

export const urlHash = (url: string) => createHash('sha256').update(url).digest('hex');

/** Where a project's copy of a URL lives in the blob store. */
export const blobKeyOf = (projectId: number, url: string) => `assets/${projectId}/${urlHash(url)}`;

const COLUMNS = sql`id::text as id, project_id, url, depth, state, reason, failed_upstream, content_type, bytes, blob_key, fetched_at`;

export async function findAsset(run: SqlRunner, projectId: number, url: string): Promise<AssetRow | null> {
  const [row] = await run<AssetRow>(sql`select ${COLUMNS} from assets_assets where project_id = ${projectId} and url_hash = ${urlHash(url)}`);
  return row ?? null;
}

/**
 * Registers URLs of a project (those it already has stay as they are), up to `maxPerProject`
 * rows in all; answers how many were new.
 */
export async function registerAssets(run: SqlRunner, projectId: number, urls: readonly string[], depth: number, maxPerProject: number): Promise<number> {
  if (urls.length === 0) return 0;
  const [count] = await run<{ n: number }>(sql`select count(*)::int as n from assets_assets where project_id = ${projectId}`);
  const room = maxPerProject - Number(count?.n ?? 0);
  if (room <= 0) return 0;
  const rows = urls.slice(0, room).map((url) => sql`(${projectId}, ${url}, ${urlHash(url)}, ${depth})`);
  const inserted = await run<{ id: string }>(
    sql`insert into assets_assets (project_id, url, url_hash, depth) values ${joinSql(rows, ', ')} on conflict (project_id, url_hash) do nothing returning id::text as id`,
  );
  return inserted.length;
}

export async function pendingAssets(run: SqlRunner, projectId: number, limit: number): Promise<AssetRow[]> {
  return run<AssetRow>(sql`select ${COLUMNS} from assets_assets where project_id = ${projectId} and state = 'pending' order by id limit ${limit}`);
}

export async function storedBytes(run: SqlRunner, projectId: number): Promise<number> {
  const [row] = await run<{ n: string | null }>(sql`select coalesce(sum(bytes), 0)::text as n from assets_assets where project_id = ${projectId} and state = 'stored'`);
  return Number(row?.n ?? 0);
}

export async function markStored(run: SqlRunner, id: string, facts: { contentType: string; bytes: number; blobKey: string }): Promise<void> {
  await run(sql`update assets_assets set state = 'stored', reason = null, failed_upstream = false, content_type = ${facts.contentType}, bytes = ${facts.bytes}, blob_key = ${facts.blobKey}, fetched_at = now() where id = ${id}::bigint`);
}

export async function markFailed(run: SqlRunner, id: string, reason: string, upstream: boolean): Promise<void> {
  await run(sql`update assets_assets set state = 'failed', reason = ${reason.slice(0, 500)}, failed_upstream = ${upstream}, fetched_at = now() where id = ${id}::bigint`);
}

/** Removes every asset row of a project (the copies go by their blob prefix); answers how many. */
export async function deleteProjectAssets(run: SqlRunner, projectId: number): Promise<number> {
  const rows = await run<{ id: string }>(sql`delete from assets_assets where project_id = ${projectId} returning id::text as id`);
  return rows.length;
}

/** Most asset URLs one live session may note (a long visit of a busy page stays well under it). */
export const MAX_LIVE_REFERENCES_PER_SESSION = 5_000;

/** Notes that a live session's stream referenced these URLs (once each), within the per-session cap. */
export async function noteLiveReferences(run: SqlRunner, projectId: number, sessionId: string, urls: readonly string[]): Promise<void> {
  if (urls.length === 0) return;
  const [count] = await run<{ n: number }>(sql`select count(*)::int as n from assets_live_references where project_id = ${projectId} and session_id = ${sessionId}`);
  const room = MAX_LIVE_REFERENCES_PER_SESSION - Number(count?.n ?? 0);
  if (room <= 0) return;
  const rows = urls.slice(0, room).map((url) => sql`(${projectId}, ${sessionId}, ${urlHash(url)})`);
  await run(sql`insert into assets_live_references (project_id, session_id, url_hash) values ${joinSql(rows, ', ')} on conflict do nothing`);
}

/** Whether the live session's stream referenced the URL. */
export async function isLiveReference(run: SqlRunner, projectId: number, sessionId: string, url: string): Promise<boolean> {
  const [row] = await run<{ one: number }>(sql`select 1 as one from assets_live_references where project_id = ${projectId} and session_id = ${sessionId} and url_hash = ${urlHash(url)}`);
  return row !== undefined;
}

/** Forgets what live sessions showed: some sessions of a project, or all of them (null). */
export async function deleteLiveReferences(run: SqlRunner, projectId: number, sessionIds: readonly string[] | null): Promise<void> {
  if (sessionIds === null) {
    await run(sql`delete from assets_live_references where project_id = ${projectId}`);
    return;
  }
  if (sessionIds.length === 0) return;
  await run(sql`delete from assets_live_references where project_id = ${projectId} and session_id in (${[...sessionIds]})`);
}
