import { coreServices, createServiceRef, type ResolvedDeps, type ServiceFactory } from '@cassette/plugin-sdk/server';
import { WatchRegistry } from './watchers.js';

export const runtimeDeps = {
  pubsub: coreServices.pubsub,
  database: coreServices.database,
  log: coreServices.logger,
  metrics: coreServices.metrics,
};

/** What the assist routes, sockets and the batch hint share in one API process. */
export class AssistRuntime {
  constructor(
    readonly deps: ResolvedDeps<typeof runtimeDeps>,
    readonly watchers: WatchRegistry,
  ) {}
}

export const assistRuntimeRef = createServiceRef<AssistRuntime>('assist.runtime');

/** The runtime of one kernel, around the watch registry its batch hint reads too. */
export function assistRuntimeService(watchers: WatchRegistry): ServiceFactory<AssistRuntime, typeof runtimeDeps> {
  return { ref: assistRuntimeRef, deps: runtimeDeps, create: (deps) => new AssistRuntime(deps, watchers) };
}
