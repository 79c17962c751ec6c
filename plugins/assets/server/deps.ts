// The services the assets plugin's route, jobs and event handlers use.
import { coreServices, routeFor, type HandlerContext, type ResolvedDeps } from '@cassette/plugin-sdk/server';
import { assetsSettings } from './settings.js';

export const deps = {
  database: coreServices.database,
  blobs: coreServices.blobs,
  jobs: coreServices.jobs,
  /** Every copy is fetched through the kernel's client: public addresses only, bounded. */
  outboundHttp: coreServices.outboundHttp,
  /** The server's own origin: recorded URLs pointing at it need no copy. */
  config: coreServices.config,
  /** Seals the asset tokens the replay's asset requests carry instead of the login header. */
  secrets: coreServices.secrets,
  settings: assetsSettings,
};

export type AssetsDeps = ResolvedDeps<typeof deps>;
export type AssetsSettings = AssetsDeps['settings'];
export type AssetsContext = HandlerContext<typeof deps>;

export const route = routeFor(deps);
