import { sql, trusted, type DatabaseService, type SqlRunner } from '@cassette/plugin-sdk/server';
import type { FunnelFilter, FunnelListItem } from '../shared/funnel.js';

/** Each member keeps at most this many funnels per project. */
export const FUNNELS_PER_USER = 50;

/** A stored funnel: its definition, without figures. */
export interface StoredFunnel extends FunnelListItem {
  filter: FunnelFilter;
}

interface FunnelRow {
  funnel_id: number;
  project_id: number;
  user_id: number;
  name: string;
  filter: FunnelFilter | string;
  is_public: boolean;
  created_at: Date | string;
}

const COLUMNS = trusted('funnel_id, project_id, user_id, name, filter, is_public, created_at');

function toStoredFunnel(row: FunnelRow): StoredFunnel {
  const filter = typeof row.filter === 'string' ? (JSON.parse(row.filter) as FunnelFilter) : row.filter;
  return {
    funnelId: row.funnel_id,
    projectId: row.project_id,
    userId: row.user_id,
    name: row.name,
    isPublic: row.is_public,
    stepsCount: filter.events.length,
    createdAt: new Date(row.created_at).getTime(),
    filter,
  };
}

/** The member's own funnels and the project's public ones, newest first. */
export async function listVisible(run: SqlRunner, projectId: number, userId: number): Promise<StoredFunnel[]> {
  const rows = await run<FunnelRow>(sql`select ${COLUMNS} from funnels_funnels where project_id = ${projectId} and (user_id = ${userId} or is_public) order by created_at desc, funnel_id desc`);
  return rows.map(toStoredFunnel);
}

export async function findInProject(run: SqlRunner, projectId: number, funnelId: number): Promise<StoredFunnel | null> {
  const [row] = await run<FunnelRow>(sql`select ${COLUMNS} from funnels_funnels where project_id = ${projectId} and funnel_id = ${funnelId}`);
  return row ? toStoredFunnel(row) : null;
}

export interface NewFunnel {
  projectId: number;
  userId: number;
  name: string;
  filter: FunnelFilter;
  isPublic: boolean;
}

/** Null when the member already keeps FUNNELS_PER_USER in the project (counted in the same statement as the insert). */
export async function insertWithinLimit(run: SqlRunner, funnel: NewFunnel): Promise<StoredFunnel | null> {
  const [row] = await run<FunnelRow>(sql`insert into funnels_funnels (project_id, user_id, name, filter, is_public)
      select ${funnel.projectId}::integer, ${funnel.userId}::integer, ${funnel.name}::text, ${JSON.stringify(funnel.filter)}::jsonb, ${funnel.isPublic}::boolean
      where (select count(*) from funnels_funnels where project_id = ${funnel.projectId} and user_id = ${funnel.userId}) < ${FUNNELS_PER_USER}
      returning ${COLUMNS}`);
  return row ? toStoredFunnel(row) : null;
}

export interface FunnelChanges {
  name?: string;
  filter?: FunnelFilter;
  isPublic?: boolean;
}

/** Changes only what is given; the author condition is repeated so a funnel can never change hands in between. */
export async function updateAuthored(run: SqlRunner, projectId: number, funnelId: number, userId: number, changes: FunnelChanges): Promise<StoredFunnel | null> {
  const [row] = await run<FunnelRow>(sql`update funnels_funnels
      set name = coalesce(${changes.name ?? null}::text, name),
        filter = coalesce(${changes.filter === undefined ? null : JSON.stringify(changes.filter)}::jsonb, filter),
        is_public = coalesce(${changes.isPublic ?? null}::boolean, is_public),
        updated_at = now()
      where project_id = ${projectId} and funnel_id = ${funnelId} and user_id = ${userId}
      returning ${COLUMNS}`);
  return row ? toStoredFunnel(row) : null;
}

export async function deleteAuthored(run: SqlRunner, projectId: number, funnelId: number, userId: number): Promise<boolean> {
  const rows = await run<{ funnel_id: number }>(sql`delete from funnels_funnels where project_id = ${projectId} and funnel_id = ${funnelId} and user_id = ${userId} returning funnel_id`);
  return rows.length > 0;
}

/** A deleted project keeps no funnels. */
export async function deleteProjectFunnels(db: DatabaseService, projectId: number): Promise<number> {
  const rows = await db.sql<{ funnel_id: number }>(sql`delete from funnels_funnels where project_id = ${projectId} returning funnel_id`);
  return rows.length;
}
