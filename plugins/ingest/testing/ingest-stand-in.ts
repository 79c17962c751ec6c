// Ingest's part in another plugin's test kernel, without its pipeline: a plugin test may boot
// no other plugin's server, yet a plugin that contributes processors (or reads recordings)
// boots only next to ingest. The suite under tests/ boots the real one.
import { coreServices, definePlugin } from '@cassette/plugin-sdk/server';
import type { TestKernel } from '@cassette/plugin-sdk/testing';
import { ingestExtensionPoints, ingestServices, type IngestProcessor, type ProcessorContext, type RecordingsService } from '../api.js';
import { orderProcessors } from '../server/processor-contribution.js';

export interface IngestStandInOptions {
  /** Filled at start with the contributed processors, in the order ingest runs them. */
  processors: IngestProcessor[];
  /** Provided as ingest's recordings service when given. */
  recordings?: RecordingsService;
}

/** A plugin with ingest's id that owns its processors extension point and hands the contributions to the test. */
export function ingestStandIn(options: IngestStandInOptions) {
  return definePlugin({
    id: 'ingest',
    register(r) {
      r.extensionPoint({ ref: ingestExtensionPoints.processors });
      const { recordings } = options;
      if (recordings) r.provide({ ref: ingestServices.recordings, deps: {}, create: () => recordings });
    },
    start({ contributions }) {
      options.processors.push(...orderProcessors(contributions(ingestExtensionPoints.processors).map((c) => c.value)));
    },
  });
}

/** The core services ingest hands its processors, from a test kernel. */
export function processorContext(t: TestKernel): ProcessorContext {
  return {
    sql: t.kernel.resolve(coreServices.database).sql,
    events: t.kernel.resolve(coreServices.events),
    log: t.kernel.resolve(coreServices.logger),
  };
}
