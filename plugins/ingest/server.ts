// Server wiring of the ingest plugin: the tracker's endpoints, durable batch storage, the processing pipeline.
import { definePlugin } from '@cassette/plugin-sdk/server';
import { ingestExtensionPoints, ingestServices, type BatchAckHint, type IngestProcessor } from './api.js';
import { coreServices } from '@cassette/plugin-sdk/server';
import { verifySessionToken } from './server/session-token.js';
import { batchRoute } from './server/batch.route.js';
import { getCaptureRateRoute, setCaptureRateRoute } from './server/capture-rate.route.js';
import { deps } from './server/deps.js';
import { ingestMigrations } from './server/migrations.js';
import { SessionProcessor, processSessionJob } from './server/process-session.job.js';
import { registerParkedStepsGauge } from './server/parked-metrics.js';
import { listParkedRoute, retryAllParkedRoute, retryParkedRoute } from './server/parked.route.js';
import { orderProcessors, validateProcessor } from './server/processor-contribution.js';
import { recordingsService } from './server/recordings.service.js';
import { RETENTION_EVERY_MS, enforceRetention, retentionJob } from './server/retention.job.js';
import { ingestRuntimeService } from './server/runtime.js';
import { ingestSettings } from './server/settings.js';
import { startRoute } from './server/start.route.js';
import { sweep, sweepJob } from './server/sweep.job.js';
import { trackerScriptAsset } from './server/tracker-script.asset.js';

function validateBatchHint(value: BatchAckHint, fromPlugin: string): void {
  if (!value || typeof value.id !== 'string' || !/^[a-z][a-zA-Z0-9]{0,39}$/.test(value.id)) {
    throw new Error(`Plugin "${fromPlugin}" contributes a batch hint without a valid id (letters and digits, starting with a lower-case letter)`);
  }
  if (typeof value.hint !== 'function') throw new Error(`Batch hint "${value.id}" of plugin "${fromPlugin}" needs a hint function`);
}

export default definePlugin({
  id: 'ingest',
  settings: ingestSettings,
  deps,
  register(r) {
    r.provide(ingestRuntimeService);
    r.provide(recordingsService);
    r.extensionPoint<IngestProcessor>({ ref: ingestExtensionPoints.processors, validate: validateProcessor, uniqueIds: true });
    r.extensionPoint<BatchAckHint>({ ref: ingestExtensionPoints.batchHints, validate: validateBatchHint, uniqueIds: true });
    r.provide({
      ref: ingestServices.sessionTokens,
      deps: { secrets: coreServices.secrets },
      create: ({ secrets }) => ({
        verify: (token: string) => {
          const check = verifySessionToken(secrets, token);
          return check.ok ? { ok: true as const, claims: { sessionId: check.claims.sessionId, projectId: check.claims.projectId } } : check;
        },
      }),
    });
    r.migrations(...ingestMigrations);
    r.route(startRoute);
    r.route(batchRoute);
    r.route(listParkedRoute);
    r.route(retryParkedRoute);
    r.route(retryAllParkedRoute);
    r.route(getCaptureRateRoute);
    r.route(setCaptureRateRoute);
    r.asset(trackerScriptAsset);
    r.job(processSessionJob, ({ sessionId }, ctx) => new SessionProcessor(ctx.deps.runtime, ctx.log).run(sessionId));
    r.job(sweepJob, async (_payload, ctx) => void (await sweep(ctx.deps.runtime, ctx.log)));
    r.job(retentionJob, async (_payload, ctx) => void (await enforceRetention(ctx.deps.runtime, ctx.log)));
  },
  async start({ deps, contributions }) {
    deps.runtime.processors = orderProcessors(contributions(ingestExtensionPoints.processors).map((c) => c.value));
    deps.runtime.batchHints = contributions(ingestExtensionPoints.batchHints).map((c) => c.value);
    registerParkedStepsGauge(deps.runtime.deps.metrics, deps.runtime.deps.db);
    // Schedules fire once at start too: that first sweep recovers what a crash or restart left behind.
    await deps.jobs.schedule('ingest.sweep', sweepJob, {}, deps.runtime.settings.sweepEverySeconds * 1000);
    await deps.jobs.schedule('ingest.retention', retentionJob, {}, RETENTION_EVERY_MS);
  },
});
