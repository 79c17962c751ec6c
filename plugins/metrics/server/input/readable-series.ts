import { badRequest, HttpError, type Caller } from '@cassette/plugin-sdk/server';
import type { FilterCompileContext } from '@cassette/plugin-sessions/api';
import type { MetricsDeps } from '../deps.js';
import type { MetricDefinition } from './metric-input.js';

/**
 * Whose reading a metric's charts are: the caller (their permissions decide which keys they may
 * count by, as in the session search), with the project's metadata keys searchable by name.
 */
export async function readerContext(deps: Pick<MetricsDeps, 'projects'>, projectId: number, caller: Caller): Promise<FilterCompileContext> {
  const project = await deps.projects.get(projectId);
  return { reader: caller, viewerId: caller.userId, metadataKeys: project?.metadataKeys ?? [] };
}

/**
 * Refuses, when it is saved, a series the search could not count. The compiler's own 400 names
 * the problem (prefixed with the series); Developer Tools keys need DEV_TOOLS (403). Nothing is run.
 */
export function assertReadable(deps: Pick<MetricsDeps, 'filterCompiler'>, projectId: number, metric: MetricDefinition, context: FilterCompileContext): void {
  metric.series.forEach((series, i) => {
    try {
      deps.filterCompiler.sessionConditions(projectId, series.filter, context);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 400) throw badRequest(`Series ${i + 1} (${series.name}): ${error.message}`);
      throw error;
    }
  });
}
