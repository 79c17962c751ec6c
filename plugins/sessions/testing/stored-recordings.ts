// Test support for the player's routes: the ingest stand-in's recordings service answers the
// batches the test stored, and every contributed processor runs on them (in ingest's order),
// as the real pipeline does.
import { createTestKernel, type TestKernel } from '@cassette/plugin-sdk/testing';
import type { DecodedBatch, IngestProcessor, IngestSession, ProcessorContext } from '@cassette/plugin-ingest/api';
import { processorContext } from '@cassette/plugin-ingest/testing';
import sessionsPlugin from '../server.js';
import { ingestStandInOver, newStandIn } from './ingest-stand-in.js';

// The player tests name their sessions as ingest does.
export { sessionIdAt } from '@cassette/plugin-ingest/testing';

export interface PlayerTestKernel extends TestKernel {
  ctx: ProcessorContext;
  processors: IngestProcessor[];
  /** Stored batches by `${sessionId}:${seq}`, as ingest would keep them. */
  stored: Map<string, DecodedBatch>;
  /** Counts of readBatch calls, to show what reads blobs. */
  reads: { count: number };
  started(session: IngestSession): Promise<void>;
  /** Stores the batch, then hands it to every processor. */
  batch(session: IngestSession, batch: DecodedBatch): Promise<void>;
}

export async function createPlayerTestKernel(): Promise<PlayerTestKernel> {
  const state = newStandIn();
  const t = await createTestKernel({ plugins: [ingestStandInOver(state), sessionsPlugin] });
  const ctx = processorContext(t);
  const { processors, stored, reads } = state;
  return Object.assign(t, {
    ctx,
    processors,
    stored,
    reads,
    async started(s: IngestSession) {
      for (const p of processors) await p.sessionStarted?.(s, ctx);
    },
    async batch(s: IngestSession, b: DecodedBatch) {
      stored.set(`${b.sessionId}:${b.seq}`, structuredClone(b));
      for (const p of processors) await p.batch?.(s, b, ctx);
    },
  });
}
