import { createServiceRef, type ProjectsService, type UsersService } from '@cassette/plugin-sdk/server';
import type { RecordingsService } from '@cassette/plugin-ingest/api';
import type { SessionFilterCompiler, SqlFragment } from '../api.js';
import type { SessionSearchFilter } from '../shared/search.js';

/** What the plugin's routes read besides the plugin's own tables. */
export interface SessionReading {
  recordings: RecordingsService;
  /** Project facts: host, metadata keys (which a filter may use as its type). */
  projects: ProjectsService;
  /** Authors' names of saved searches (plugins never read core tables). */
  users: UsersService;
  /** Reads search filters (search2, and saved searches refuse a filter it cannot read). */
  filterCompiler: SessionFilterCompiler;
}

/** Internal: how the plugin's routes reach this boot's services (routes get none of their own). */
export const sessionReadingRef = createServiceRef<SessionReading>('sessions.reading');

/** The project's sessions matching `filter`, as conditions on `sessions_sessions s`; a filter naming one of the project's metadata keys searches it. */
export async function projectFilterConditions(reading: SessionReading, projectId: number, filter: SessionSearchFilter, viewerId: number): Promise<SqlFragment> {
  const project = await reading.projects.get(projectId);
  return reading.filterCompiler.sessionConditions(projectId, filter, { viewerId, metadataKeys: project?.metadataKeys ?? [] });
}
