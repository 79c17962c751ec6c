import type { EntityManager } from '@mikro-orm/core';
import type { DatabaseService } from '@cassette/plugin-sdk/server';
import type { SavedSearch, SessionSearchFilter } from '../../shared/search.js';
import { sql } from '../session-lookup.js';

/** Each member keeps at most this many saved searches per project. */
export const SAVED_SEARCHES_PER_USER = 100;

interface SavedSearchRow {
  search_id: number;
  project_id: number;
  user_id: number;
  name: string;
  filter: SessionSearchFilter | string;
  is_public: boolean;
  created_at: Date | string;
}

const COLUMNS = 'search_id, project_id, user_id, name, filter, is_public, created_at';

export function toSavedSearch(row: SavedSearchRow, ownerName?: string): SavedSearch {
  return {
    searchId: row.search_id,
    projectId: row.project_id,
    userId: row.user_id,
    name: row.name,
    filter: typeof row.filter === 'string' ? (JSON.parse(row.filter) as SessionSearchFilter) : row.filter,
    isPublic: row.is_public,
    createdAt: new Date(row.created_at).getTime(),
    ...(ownerName === undefined ? {} : { ownerName }),
  };
}

/** The member's own searches and the project's public ones, newest first. */
export async function listVisible(em: EntityManager, projectId: number, userId: number): Promise<SavedSearch[]> {
  const rows = await sql<SavedSearchRow>(
    em,
    `select ${COLUMNS} from sessions_saved_searches where project_id = ? and (user_id = ? or is_public) order by created_at desc, search_id desc`,
    [projectId, userId],
  );
  return rows.map((row) => toSavedSearch(row));
}

export async function findInProject(em: EntityManager, projectId: number, searchId: number): Promise<SavedSearch | null> {
  const [row] = await sql<SavedSearchRow>(em, `select ${COLUMNS} from sessions_saved_searches where project_id = ? and search_id = ?`, [projectId, searchId]);
  return row ? toSavedSearch(row) : null;
}

export interface NewSavedSearch {
  projectId: number;
  userId: number;
  name: string;
  filter: SessionSearchFilter;
  isPublic: boolean;
}

/** Null when the member already keeps SAVED_SEARCHES_PER_USER in the project (checked in the same statement as the insert). */
export async function insertWithinLimit(em: EntityManager, search: NewSavedSearch): Promise<SavedSearch | null> {
  const [row] = await sql<SavedSearchRow>(
    em,
    `insert into sessions_saved_searches (project_id, user_id, name, filter, is_public)
      select ?::integer, ?::integer, ?::text, ?::jsonb, ?::boolean
      where (select count(*) from sessions_saved_searches where project_id = ? and user_id = ?) < ?
      returning ${COLUMNS}`,
    [search.projectId, search.userId, search.name, JSON.stringify(search.filter), search.isPublic, search.projectId, search.userId, SAVED_SEARCHES_PER_USER],
  );
  return row ? toSavedSearch(row) : null;
}

export interface SavedSearchChanges {
  name?: string;
  filter?: SessionSearchFilter;
  isPublic?: boolean;
}

/** Changes only what is given; the author condition is repeated so a row can never change hands in between. */
export async function updateAuthored(em: EntityManager, projectId: number, searchId: number, userId: number, changes: SavedSearchChanges): Promise<SavedSearch | null> {
  const [row] = await sql<SavedSearchRow>(
    em,
    `update sessions_saved_searches
      set name = coalesce(?::text, name), filter = coalesce(?::jsonb, filter), is_public = coalesce(?::boolean, is_public), updated_at = now()
      where project_id = ? and search_id = ? and user_id = ?
      returning ${COLUMNS}`,
    [changes.name ?? null, changes.filter === undefined ? null : JSON.stringify(changes.filter), changes.isPublic ?? null, projectId, searchId, userId],
  );
  return row ? toSavedSearch(row) : null;
}

export async function deleteAuthored(em: EntityManager, projectId: number, searchId: number, userId: number): Promise<boolean> {
  const rows = await sql<{ search_id: number }>(em, 'delete from sessions_saved_searches where project_id = ? and search_id = ? and user_id = ? returning search_id', [
    projectId,
    searchId,
    userId,
  ]);
  return rows.length > 0;
}

/** A deleted project keeps no saved searches. */
export async function deleteProjectSavedSearches(db: DatabaseService, projectId: number): Promise<number> {
  const rows = await db.query<{ search_id: number }>('delete from sessions_saved_searches where project_id = ? returning search_id', [projectId]);
  return rows.length;
}
