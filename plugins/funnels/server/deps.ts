import { coreServices, routeFor, type ResolvedDeps } from '@cassette/plugin-sdk/server';
import { sessionsServices } from '@cassette/plugin-sessions/api';

/**
 * What the funnels plugin's routes, jobs and event handlers use. The sessions plugin counts:
 * `analytics` answers every funnel figure, `filterCompiler` reads a filter before it is saved,
 * `summaries` turns session ids into list items.
 */
export const deps = {
  database: coreServices.database,
  projects: coreServices.projects,
  jobs: coreServices.jobs,
  analytics: sessionsServices.analytics,
  filterCompiler: sessionsServices.filterCompiler,
  summaries: sessionsServices.summaries,
};

export type FunnelsDeps = ResolvedDeps<typeof deps>;

/** `defineRoute` for this plugin's routes that use its services. */
export const route = routeFor(deps);
