import { coreServices, createServiceRef, type ResolvedDeps } from '@cassette/plugin-sdk/server';
import type { IngestProcessor } from '../api.js';
import { BacklogGuard, InFlightGate, SessionRateLimiter } from './load-limits.js';
import { readSettings, type IngestSettings } from './settings.js';

export const runtimeDeps = {
  db: coreServices.database,
  blobs: coreServices.blobs,
  secrets: coreServices.secrets,
  jobs: coreServices.jobs,
  projects: coreServices.projects,
  onboarding: coreServices.onboarding,
  config: coreServices.config,
  events: coreServices.events,
  log: coreServices.logger,
};

export type RuntimeDeps = ResolvedDeps<typeof runtimeDeps>;

/**
 * What the ingest routes, jobs and services share in one kernel: core services, settings,
 * the in-memory limits and the processors other plugins contributed (known at start).
 */
export class IngestRuntime {
  readonly settings: IngestSettings;
  readonly limiter: SessionRateLimiter;
  readonly inFlight: InFlightGate;
  readonly backlog: BacklogGuard;
  processors: IngestProcessor[] = [];

  constructor(readonly deps: RuntimeDeps) {
    this.settings = readSettings(deps.config.pluginSettings('ingest'));
    this.limiter = new SessionRateLimiter(this.settings.sessionBurst, this.settings.sessionBatchesPerSecond);
    this.inFlight = new InFlightGate(this.settings.maxInFlightBatches);
    this.backlog = new BacklogGuard(this.settings.maxBacklog, async () => {
      const [row] = await deps.db.query<{ n: number }>('select count(*)::int as n from ingest_batches where processed_at is null');
      return Number(row?.n ?? 0);
    });
  }
}

/** Private to this plugin: routes are declared before services exist, so they reach the runtime through it. */
export const ingestRuntimeRef = createServiceRef<IngestRuntime>('ingest.runtime');

/** Filled by the runtime's service factory during boot; read by route handlers at request time. */
export class RuntimeHolder {
  private runtime: IngestRuntime | undefined;

  set(runtime: IngestRuntime): IngestRuntime {
    this.runtime = runtime;
    return runtime;
  }

  get(): IngestRuntime {
    if (!this.runtime) throw new Error('The ingest runtime is used before the kernel created it');
    return this.runtime;
  }
}
