import { coreServices, createServiceRef, sql, type ResolvedDeps, type ServiceFactory } from '@cassette/plugin-sdk/server';
import type { BatchAckHint, IngestProcessor } from '../api.js';
import { BacklogGuard, InFlightGate, KeyedRateLimiter, SessionEventBudget, sessionBatchLimiter } from './load-limits.js';
import { ingestSettings, type IngestSettings } from './settings.js';
import { TrackerScript, defaultTrackerScriptPath } from './tracker-script.js';

export const runtimeDeps = {
  db: coreServices.database,
  blobs: coreServices.blobs,
  secrets: coreServices.secrets,
  jobs: coreServices.jobs,
  projects: coreServices.projects,
  onboarding: coreServices.onboarding,
  settings: ingestSettings,
  events: coreServices.events,
  log: coreServices.logger,
  metrics: coreServices.metrics,
};

export type RuntimeDeps = ResolvedDeps<typeof runtimeDeps>;

/**
 * What the ingest routes, jobs and services share in one kernel: core services, settings,
 * the in-memory limits, the tracker script and the processors other plugins contributed
 * (known at start).
 */
export class IngestRuntime {
  readonly settings: IngestSettings;
  readonly limiter: KeyedRateLimiter;
  /** Events per session per minute: one sender cannot buy more processing than an ordinary session could ever need. */
  readonly eventBudget: SessionEventBudget;
  /** Session starts per client address and per project key: a flood of starts is refused before any database work. */
  readonly startsPerAddress: KeyedRateLimiter;
  readonly startsPerProject: KeyedRateLimiter;
  readonly inFlight: InFlightGate;
  readonly backlog: BacklogGuard;
  readonly trackerScript: TrackerScript;
  processors: IngestProcessor[] = [];
  /** Words for the tracker in batch answers (known at start). */
  batchHints: BatchAckHint[] = [];

  constructor(readonly deps: RuntimeDeps) {
    this.settings = deps.settings;
    this.limiter = sessionBatchLimiter(this.settings.sessionBurst, this.settings.sessionBatchesPerSecond);
    const s = this.settings;
    this.eventBudget = new SessionEventBudget(s.sessionEventsPerMinute);
    this.startsPerAddress = new KeyedRateLimiter(s.startBurstPerAddress, s.startsPerSecondPerAddress, 'Too many sessions started from this address: wait and retry.');
    this.startsPerProject = new KeyedRateLimiter(s.startBurstPerProject, s.startsPerSecondPerProject, 'Too many sessions started for this project: wait and retry.');
    this.inFlight = new InFlightGate(this.settings.maxInFlightBatches);
    this.backlog = new BacklogGuard(this.settings.maxBacklog, async () => {
      const [row] = await deps.db.sql<{ n: number }>(sql`select count(*)::int as n from ingest_batches where processed_at is null`);
      return Number(row?.n ?? 0);
    });
    this.trackerScript = new TrackerScript(this.settings.trackerScriptPath ?? defaultTrackerScriptPath());
  }
}

/** The plugin's own service, one per kernel: its routes, asset, jobs and recordings service share it through `deps`. */
export const ingestRuntimeRef = createServiceRef<IngestRuntime>('ingest.runtime');

export const ingestRuntimeService: ServiceFactory<IngestRuntime, typeof runtimeDeps> = {
  ref: ingestRuntimeRef,
  deps: runtimeDeps,
  create: (deps) => new IngestRuntime(deps),
};
