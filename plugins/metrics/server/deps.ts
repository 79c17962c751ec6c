import { coreServices, routeFor, type ResolvedDeps } from '@cassette/plugin-sdk/server';
import { sessionsServices } from '@cassette/plugin-sessions/api';

/**
 * What the metrics plugin's routes, jobs and event handlers use. The sessions plugin counts:
 * `analytics` answers every chart and drill-down, `filterCompiler` reads a series' filter before
 * it is saved, `summaries` turns session ids into list items; `users` names a metric's owner.
 */
export const deps = {
  database: coreServices.database,
  projects: coreServices.projects,
  users: coreServices.users,
  jobs: coreServices.jobs,
  analytics: sessionsServices.analytics,
  filterCompiler: sessionsServices.filterCompiler,
  summaries: sessionsServices.summaries,
};

export type MetricsDeps = ResolvedDeps<typeof deps>;

/** `defineRoute` for this plugin's routes that use its services. */
export const route = routeFor(deps);
