// Test support for the player's routes: like ingest-stand-in.ts, but ingest's recordings
// service answers the batches the test stored, and every contributed processor runs (in
// ingest's order), as the real pipeline does.
import { coreServices, definePlugin } from '@cassette/plugin-sdk/server';
import { createTestKernel, type TestKernel } from '@cassette/plugin-sdk/testing';
import {
  ingestExtensionPoints,
  ingestServices,
  type DecodedBatch,
  type IngestProcessor,
  type IngestSession,
  type ProcessorContext,
} from '@cassette/plugin-ingest/api';
import sessionsPlugin from '../server.js';

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
  const stored = new Map<string, DecodedBatch>();
  const reads = { count: 0 };
  const processors: IngestProcessor[] = [];
  const ingest = definePlugin({
    id: 'ingest',
    register(r) {
      r.extensionPoint({ ref: ingestExtensionPoints.processors });
      r.provide({
        ref: ingestServices.recordings,
        deps: {},
        create: () => ({
          listBatches: async (projectId: number, sessionId: string) =>
            [...stored.values()]
              .filter((b) => b.projectId === projectId && b.sessionId === sessionId)
              .sort((a, b) => a.seq - b.seq)
              .map((b) => ({ seq: b.seq, pageNo: b.pageNo, receivedAt: b.receivedAt, bytes: JSON.stringify(b.recording).length })),
          readBatch: async (projectId: number, sessionId: string, seq: number) => {
            reads.count += 1;
            const batch = stored.get(`${sessionId}:${seq}`);
            return batch && batch.projectId === projectId ? structuredClone(batch) : null;
          },
          deleteSessions: async (projectId: number, sessionIds: string[]) => {
            for (const [key, b] of stored) if (b.projectId === projectId && sessionIds.includes(b.sessionId)) stored.delete(key);
          },
        }),
      });
    },
    start({ contributions }) {
      const all = contributions(ingestExtensionPoints.processors).map((c) => c.value);
      processors.push(...all.sort((a, b) => (a.order ?? 100) - (b.order ?? 100) || a.id.localeCompare(b.id)));
    },
  });
  const t = await createTestKernel({ plugins: [ingest, sessionsPlugin] });
  const ctx: ProcessorContext = {
    db: t.kernel.resolve(coreServices.database),
    events: t.kernel.resolve(coreServices.events),
    log: t.kernel.resolve(coreServices.logger),
  };
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
