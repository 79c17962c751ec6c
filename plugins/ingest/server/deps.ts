import { assetFor, coreServices, routeFor } from '@cassette/plugin-sdk/server';
import { ingestRuntimeRef } from './runtime.js';

/** What the ingest plugin's routes, asset, jobs and start use; `runtime` is the plugin's own service. */
export const deps = {
  runtime: ingestRuntimeRef,
  jobs: coreServices.jobs,
};

/** `defineRoute` for this plugin's routes that use its services. */
export const route = routeFor(deps);
/** `defineAsset` for this plugin's assets that use its services. */
export const asset = assetFor(deps);
