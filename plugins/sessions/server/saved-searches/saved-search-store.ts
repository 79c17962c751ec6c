import { sql, trusted, type DatabaseService, type SqlRunner } from '@cassette/plugin-sdk/server';
import type { SavedSearch, SessionSearchFilter } from '../../shared/search.js';

/** Each member keeps at most this many saved searches per project. */
export const SAVED_SEARCHES_PER_USER = 100;

interface SavedSearchRow {
  search_id: number;
  project_id: number;
  user_id: number;
  name: string;
  filter: SessionSearchFilter | string;
  is_public: boolean;
  watchdogs: number[] | string | null;
  created_at: Date | string;
}

const COLUMNS = trusted('search_id, project_id, user_id, name, filter, is_public, watchdogs, created_at');

export function toSavedSearch(row: SavedSearchRow, ownerName?: string): SavedSearch {
  return {
    searchId: row.search_id,
    projectId: row.project_id,
    userId: row.user_id,
    name: row.name,
    filter: typeof row.filter === 'string' ? (JSON.parse(row.filter) as SessionSearchFilter) : row.filter,
    isPublic: row.is_public,
    watchdogs: (typeof row.watchdogs === 'string' ? (JSON.parse(row.watchdogs) as number[]) : (row.watchdogs ?? [])).map(Number),
    createdAt: new Date(row.created_at).getTime(),
    ...(ownerName === undefined ? {} : { ownerName }),
  };
}

/** The member's own searches and the project's public ones, newest first. */
export async function listVisible(run: SqlRunner, projectId: number, userId: number): Promise<SavedSearch[]> {
  const rows = await run<SavedSearchRow>(sql`select ${COLUMNS} from sessions_saved_searches where project_id = ${projectId} and (user_id = ${userId} or is_public) order by created_at desc, search_id desc`);
  return rows.map((row) => toSavedSearch(row));
}

export async function findInProject(run: SqlRunner, projectId: number, searchId: number): Promise<SavedSearch | null> {
  const [row] = await run<SavedSearchRow>(sql`select ${COLUMNS} from sessions_saved_searches where project_id = ${projectId} and search_id = ${searchId}`);
  return row ? toSavedSearch(row) : null;
}

export interface NewSavedSearch {
  projectId: number;
  userId: number;
  name: string;
  filter: SessionSearchFilter;
  isPublic: boolean;
  watchdogs: number[];
}

/** Null when the member already keeps SAVED_SEARCHES_PER_USER in the project (checked in the same statement as the insert). */
export async function insertWithinLimit(run: SqlRunner, search: NewSavedSearch): Promise<SavedSearch | null> {
  const [row] = await run<SavedSearchRow>(sql`insert into sessions_saved_searches (project_id, user_id, name, filter, is_public, watchdogs)
      select ${search.projectId}::integer, ${search.userId}::integer, ${search.name}::text, ${JSON.stringify(search.filter)}::jsonb, ${search.isPublic}::boolean, ${JSON.stringify(search.watchdogs)}::jsonb
      where (select count(*) from sessions_saved_searches where project_id = ${search.projectId} and user_id = ${search.userId}) < ${SAVED_SEARCHES_PER_USER}
      returning ${COLUMNS}`);
  return row ? toSavedSearch(row) : null;
}

export interface SavedSearchChanges {
  name?: string;
  filter?: SessionSearchFilter;
  isPublic?: boolean;
  /** Given with a new filter: the watchdog rules it names. */
  watchdogs?: number[];
}

/** Changes only what is given; the author condition is repeated so a row can never change hands in between. */
export async function updateAuthored(run: SqlRunner, projectId: number, searchId: number, userId: number, changes: SavedSearchChanges): Promise<SavedSearch | null> {
  const [row] = await run<SavedSearchRow>(sql`update sessions_saved_searches
      set name = coalesce(${changes.name ?? null}::text, name), filter = coalesce(${changes.filter === undefined ? null : JSON.stringify(changes.filter)}::jsonb, filter), is_public = coalesce(${changes.isPublic ?? null}::boolean, is_public),
        watchdogs = coalesce(${changes.watchdogs === undefined ? null : JSON.stringify(changes.watchdogs)}::jsonb, watchdogs), updated_at = now()
      where project_id = ${projectId} and search_id = ${searchId} and user_id = ${userId}
      returning ${COLUMNS}`);
  return row ? toSavedSearch(row) : null;
}

export async function deleteAuthored(run: SqlRunner, projectId: number, searchId: number, userId: number): Promise<boolean> {
  const rows = await run<{ search_id: number }>(sql`delete from sessions_saved_searches where project_id = ${projectId} and search_id = ${searchId} and user_id = ${userId} returning search_id`);
  return rows.length > 0;
}

/** A deleted project keeps no saved searches. */
export async function deleteProjectSavedSearches(db: DatabaseService, projectId: number): Promise<number> {
  const rows = await db.sql<{ search_id: number }>(sql`delete from sessions_saved_searches where project_id = ${projectId} returning search_id`);
  return rows.length;
}
