import { coreServices, routeFor, type ResolvedDeps } from '@cassette/plugin-sdk/server';
import { assetsServices } from '@cassette/plugin-assets/api';
import { ingestServices } from '@cassette/plugin-ingest/api';
import { sessionsServices } from '@cassette/plugin-sessions/api';
import { assistRuntimeRef } from './runtime.js';

/**
 * What the assist plugin's routes and sockets use: the sessions plugin says which sessions are
 * live, ingest checks a tracker's session token, `runtime` holds who watches what, the assets
 * plugin serves the assets a watched session shows.
 */
export const deps = {
  runtime: assistRuntimeRef,
  live: sessionsServices.live,
  sessionTokens: ingestServices.sessionTokens,
  secrets: coreServices.secrets,
  projects: coreServices.projects,
  database: coreServices.database,
  /** What the live view's asset requests are answered from: the assets a watched session's stream showed. */
  assets: assetsServices.liveReferences,
};

export type AssistDeps = ResolvedDeps<typeof deps>;

export const route = routeFor(deps);
