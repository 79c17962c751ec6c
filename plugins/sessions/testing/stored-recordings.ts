// Test support for the player's routes: the ingest stand-in's recordings service answers the
// batches the test stored, and every contributed processor runs on them (in ingest's order),
// as the real pipeline does.
import { createTestKernel, type TestKernel } from '@cassette/plugin-sdk/testing';
import type { DecodedBatch, IngestProcessor, IngestSession, ProcessorContext } from '@cassette/plugin-ingest/api';
import sessionsPlugin from '../server.js';
import { ingestStandIn, newStandIn, processorContext } from './ingest-stand-in.js';

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

let counter = 0;

/** A session id as ingest makes them: the start in ms, then 6 digits. */
export function sessionIdAt(startedAt: number): string {
  counter += 1;
  return `${Math.floor(startedAt)}${String(counter % 1_000_000).padStart(6, '0')}`;
}

export async function createPlayerTestKernel(): Promise<PlayerTestKernel> {
  const state = newStandIn();
  const t = await createTestKernel({ plugins: [ingestStandIn(state), sessionsPlugin] });
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
