// The services the sessions plugin's routes, jobs and event handlers use.
import { coreServices, routeFor, type HandlerContext, type ResolvedDeps } from '@cassette/plugin-sdk/server';
import { ingestServices } from '@cassette/plugin-ingest/api';
import { sessionsServices } from '../api.js';

export const deps = {
  database: coreServices.database,
  events: coreServices.events,
  jobs: coreServices.jobs,
  /** Project facts: retention, host, metadata keys (which a filter may use as its type). */
  projects: coreServices.projects,
  /** Authors' names of saved searches (plugins never read core tables). */
  users: coreServices.users,
  /** Stored recordings: the player streams them; deleting a session deletes them. */
  recordings: ingestServices.recordings,
  /** The plugin's own, provided in `register`: search2 and saved searches read filters with it. */
  filterCompiler: sessionsServices.filterCompiler,
  /** The plugin's own analytics query service: the heatmap asks it. */
  analytics: sessionsServices.analytics,
};

export type SessionsDeps = ResolvedDeps<typeof deps>;
/** What the plugin's job and event handlers receive besides their payload. */
export type SessionsContext = HandlerContext<typeof deps>;

/** `defineRoute` for this plugin's routes: their handlers get `deps`. */
export const route = routeFor(deps);
