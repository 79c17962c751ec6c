import { coreServices, createServiceRef, type ResolvedDeps, type ServiceFactory } from '@cassette/plugin-sdk/server';
import type { IceServer } from '@cassette/plugin-sdk';
import { assetsServices } from '@cassette/plugin-assets/api';
import { WatchRegistry } from './watchers.js';

export const runtimeDeps = {
  pubsub: coreServices.pubsub,
  database: coreServices.database,
  log: coreServices.logger,
  metrics: coreServices.metrics,
  projects: coreServices.projects,
  tenants: coreServices.tenants,
  /** Registers the assets a stream references, so the live view's asset proxy serves them at once. */
  assets: assetsServices.liveReferences,
};

/** What the assist routes, sockets and the batch hint share in one API process. */
export class AssistRuntime {
  constructor(
    readonly deps: ResolvedDeps<typeof runtimeDeps>,
    readonly watchers: WatchRegistry,
  ) {}

  /** The STUN/TURN servers of the project's organization (Account.iceServers), read when a call starts. */
  async iceServers(projectId: number): Promise<IceServer[]> {
    const project = await this.deps.projects.get(projectId);
    return project ? this.deps.tenants.iceServers(project.tenantId) : [];
  }
}

export const assistRuntimeRef = createServiceRef<AssistRuntime>('assist.runtime');

/** The runtime of one kernel, around the watch registry its batch hint reads too. */
export function assistRuntimeService(watchers: WatchRegistry): ServiceFactory<AssistRuntime, typeof runtimeDeps> {
  return { ref: assistRuntimeRef, deps: runtimeDeps, create: (deps) => new AssistRuntime(deps, watchers) };
}
