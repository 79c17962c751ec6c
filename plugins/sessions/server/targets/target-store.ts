import { conflict, notFound, sql, type SqlRunner } from '@cassette/plugin-sdk/server';
import { TARGETS_PER_PAGE, type Target } from '../../shared/targets.js';

interface TargetRow {
  target_id: number;
  label: string;
  path: string;
  is_custom: boolean;
  location: string;
}

const COLUMNS = sql`target_id, label, path, is_custom, location`;

function toTarget(row: TargetRow): Target {
  return { targetId: row.target_id, label: row.label, path: row.path, isCustom: row.is_custom, location: row.location };
}

/** The project's targets, of one page when `location` is given, in the order they were named. */
export async function listTargets(run: SqlRunner, projectId: number, location: string | null): Promise<Target[]> {
  const page = location === null ? sql`true` : sql`location = ${location}`;
  const rows = await run<TargetRow>(sql`select ${COLUMNS} from sessions_targets where project_id = ${projectId} and ${page} order by target_id`);
  return rows.map(toTarget);
}

/** Names an element of a page; naming one that has a name already renames it. */
export async function saveTarget(run: SqlRunner, projectId: number, target: { label: string; path: string; location: string }, userId: number | null): Promise<Target> {
  const [row] = await run<TargetRow>(sql`insert into sessions_targets (project_id, label, path, location, created_by)
    select ${projectId}, ${target.label}, ${target.path}, ${target.location}, ${userId}
    where (select count(*) from sessions_targets where project_id = ${projectId} and location = ${target.location}) < ${TARGETS_PER_PAGE}
      or exists (select 1 from sessions_targets where project_id = ${projectId} and location = ${target.location} and path = ${target.path})
    on conflict (project_id, location, path) do update set label = excluded.label, updated_at = now()
    returning ${COLUMNS}`);
  if (!row) throw conflict(`This page has ${TARGETS_PER_PAGE} targets already: remove one before naming another`);
  return toTarget(row);
}

export async function renameTarget(run: SqlRunner, projectId: number, targetId: number, label: string): Promise<Target> {
  const [row] = await run<TargetRow>(sql`update sessions_targets set label = ${label}, updated_at = now() where project_id = ${projectId} and target_id = ${targetId} returning ${COLUMNS}`);
  if (!row) throw notFound(`Target ${targetId} does not exist in this project`);
  return toTarget(row);
}

export async function removeTarget(run: SqlRunner, projectId: number, targetId: number): Promise<Target> {
  const [row] = await run<TargetRow>(sql`delete from sessions_targets where project_id = ${projectId} and target_id = ${targetId} returning ${COLUMNS}`);
  if (!row) throw notFound(`Target ${targetId} does not exist in this project`);
  return toTarget(row);
}
