import type { SqlFragment } from '@cassette/plugin-sdk/server';
import type { SessionSearchFilter } from '../../shared/search.js';
import type { SessionsDeps } from '../deps.js';

/** The project's sessions matching `filter`, as conditions on `sessions_sessions s`; a filter naming one of the project's metadata keys searches it. */
export async function projectFilterConditions(
  { projects, filterCompiler }: Pick<SessionsDeps, 'projects' | 'filterCompiler'>,
  projectId: number,
  filter: SessionSearchFilter,
  viewerId: number,
): Promise<SqlFragment> {
  const project = await projects.get(projectId);
  return filterCompiler.sessionConditions(projectId, filter, { viewerId, metadataKeys: project?.metadataKeys ?? [] });
}
