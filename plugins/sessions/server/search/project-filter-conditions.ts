import type { Caller, SqlFragment } from '@cassette/plugin-sdk/server';
import type { SessionSearchFilter } from '../../shared/search.js';
import type { SessionsDeps } from '../deps.js';

/**
 * The project's sessions matching `filter`, as conditions on `sessions_sessions s`; a filter
 * naming one of the project's metadata keys searches it. The caller is the reader: their
 * bookmarks, and the keys their permissions let them search by.
 */
export async function projectFilterConditions(
  { projects, filterCompiler }: Pick<SessionsDeps, 'projects' | 'filterCompiler'>,
  projectId: number,
  filter: SessionSearchFilter,
  caller: Caller,
): Promise<SqlFragment> {
  const project = await projects.get(projectId);
  return filterCompiler.sessionConditions(projectId, filter, { reader: caller, viewerId: caller.userId, metadataKeys: project?.metadataKeys ?? [] });
}
