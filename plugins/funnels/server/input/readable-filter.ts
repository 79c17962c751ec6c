import { badRequest, HttpError, type Caller } from '@cassette/plugin-sdk/server';
import type { FilterCompileContext } from '@cassette/plugin-sessions/api';
import type { FunnelFilter } from '../../shared/funnel.js';
import type { FunnelsDeps } from '../deps.js';

/**
 * Whose reading a funnel's figures are: the caller (their permissions decide which keys they may
 * count by, as in the session search), with the project's metadata keys searchable by name.
 */
export async function readerContext(deps: Pick<FunnelsDeps, 'projects'>, projectId: number, caller: Caller): Promise<FilterCompileContext> {
  const project = await deps.projects.get(projectId);
  return { reader: caller, viewerId: caller.userId, metadataKeys: project?.metadataKeys ?? [] };
}

/**
 * Refuses, when it is saved, a funnel the search could not count: each step must be an event
 * the session search reads, the attributes a filter it runs. The compiler's own 400 names the
 * problem; a step or attribute on Developer Tools data needs DEV_TOOLS (403). Nothing is run.
 */
export function assertReadable(deps: Pick<FunnelsDeps, 'filterCompiler'>, projectId: number, filter: FunnelFilter, context: FilterCompileContext): void {
  filter.events.forEach((step, i) => {
    try {
      deps.filterCompiler.eventsMatching(projectId, step, {}, context);
    } catch (error) {
      // The compiler says "step: ..."; the funnel says which one.
      if (error instanceof HttpError && error.statusCode === 400) throw badRequest(`Step ${i + 1}: ${error.message.replace(/^step: /, '')}`);
      throw error;
    }
  });
  deps.filterCompiler.sessionConditions(projectId, { filters: filter.filters, minDuration: filter.minDuration ?? null, maxDuration: filter.maxDuration ?? null }, context);
}
