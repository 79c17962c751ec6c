import { coreServices, routeFor } from '@cassette/plugin-sdk/server';
import { sourceMapsRef } from './sourcemaps/sourcemaps.service.js';

/** What the errors plugin's routes, jobs and event handlers use; `sourceMaps` is the plugin's own service. */
export const deps = {
  database: coreServices.database,
  projects: coreServices.projects,
  jobs: coreServices.jobs,
  sourceMaps: sourceMapsRef,
};

/** `defineRoute` for this plugin's routes that use its services. */
export const route = routeFor(deps);
