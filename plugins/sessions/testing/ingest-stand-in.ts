// Test support: the sessions plugin boots only next to an ingest plugin (it extends ingest's
// processors and needs its recordings service). Plugin tests may import no other plugin's
// server code, so this small stand-in plays ingest's part: it owns the extension point,
// hands the contributed processors to the test, and keeps which recordings were deleted.
// The suite under tests/ boots the real ingest plugin with this one.
import { coreServices, definePlugin } from '@cassette/plugin-sdk/server';
import { createTestKernel, type TestKernel } from '@cassette/plugin-sdk/testing';
import {
  ingestExtensionPoints,
  ingestServices,
  type DecodedBatch,
  type IngestProcessor,
  type IngestSession,
  type ProcessorContext,
  type RecordingsService,
  type SessionEnd,
} from '@cassette/plugin-ingest/api';
import sessionsPlugin from '../server.js';
import { sessionDeletion, type SessionDeletion } from '../server/session-deletion.js';

export interface StandIn {
  /** Recording deletions asked of ingest, in order. */
  deletedRecordings: { projectId: number; sessionIds: string[] }[];
  /** The contributed processors, in the order ingest runs them. */
  processors: IngestProcessor[];
  /** Batches a test stored (`storeBatch`), by `${sessionId}:${seq}`, as ingest keeps them. */
  stored: Map<string, DecodedBatch>;
  /** How often the recordings service read a batch, to show what reads blobs. */
  reads: { count: number };
}

export function newStandIn(): StandIn {
  return { deletedRecordings: [], processors: [], stored: new Map(), reads: { count: 0 } };
}

/** Ingest's order: by `order` (default 100), then by id. */
export function inIngestOrder(processors: readonly IngestProcessor[]): IngestProcessor[] {
  return [...processors].sort((a, b) => (a.order ?? 100) - (b.order ?? 100) || a.id.localeCompare(b.id));
}

export function ingestStandIn(state: StandIn) {
  return definePlugin({
    id: 'ingest',
    register(r) {
      r.extensionPoint({ ref: ingestExtensionPoints.processors });
      r.provide({
        ref: ingestServices.recordings,
        deps: {},
        create: (): RecordingsService => ({
          listBatches: async (projectId, sessionId) =>
            [...state.stored.values()]
              .filter((b) => b.projectId === projectId && b.sessionId === sessionId)
              .sort((a, b) => a.seq - b.seq)
              .map((b) => ({ seq: b.seq, pageNo: b.pageNo, receivedAt: b.receivedAt, bytes: JSON.stringify(b.recording).length })),
          readBatch: async (projectId, sessionId, seq) => {
            state.reads.count += 1;
            const batch = state.stored.get(`${sessionId}:${seq}`);
            return batch && batch.projectId === projectId ? structuredClone(batch) : null;
          },
          deleteSessions: async (projectId, sessionIds) => {
            state.deletedRecordings.push({ projectId, sessionIds: [...sessionIds] });
            for (const [key, b] of state.stored) if (b.projectId === projectId && sessionIds.includes(b.sessionId)) state.stored.delete(key);
          },
        }),
      });
    },
    start({ contributions }) {
      state.processors.push(...inIngestOrder(contributions(ingestExtensionPoints.processors).map((c) => c.value)));
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

/** The plugin's session deletion over a test kernel's services, made as its routes and jobs make it. */
export function sessionDeletionOf(t: TestKernel): SessionDeletion {
  return sessionDeletion({ database: t.kernel.resolve(coreServices.database), recordings: t.kernel.resolve(ingestServices.recordings), events: t.kernel.resolve(coreServices.events) });
}

export interface SessionsTestKernel extends TestKernel {
  state: StandIn;
  ctx: ProcessorContext;
  processor: IngestProcessor;
  started(session: IngestSession): Promise<void>;
  batch(session: IngestSession, batch: DecodedBatch): Promise<void>;
  ended(session: IngestSession, end: SessionEnd): Promise<void>;
}

export async function createSessionsTestKernel(): Promise<SessionsTestKernel> {
  const state = newStandIn();
  const t = await createTestKernel({ plugins: [ingestStandIn(state), sessionsPlugin] });
  const ctx = processorContext(t);
  const processor = state.processors.find((p) => p.id === 'sessions.summary');
  if (!processor) throw new Error('the sessions plugin contributed no summary processor');
  return Object.assign(t, {
    state,
    ctx,
    processor,
    started: (s: IngestSession) => processor.sessionStarted!(s, ctx),
    batch: (s: IngestSession, b: DecodedBatch) => processor.batch!(s, b, ctx),
    // The end runs through every processor, in ingest's order: the end event goes out last.
    ended: async (s: IngestSession, e: SessionEnd) => {
      for (const p of state.processors) await p.sessionEnded?.(s, e, ctx);
    },
  });
}

let counter = 0;

export function ingestSession(projectId: number, tenantId: number, overrides: Partial<IngestSession> = {}): IngestSession {
  counter += 1;
  return {
    sessionId: `sess-${Date.now().toString(36)}-${counter}`,
    projectId,
    tenantId,
    startedAt: Date.UTC(2026, 10, 20, 10, 0, 0),
    trackerVersion: '1.0.0',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
    browser: 'Chrome',
    browserVersion: '156.0.0.0',
    os: 'Linux',
    osVersion: null,
    device: null,
    deviceType: 'desktop',
    country: 'FR',
    url: 'https://shop.example.test/products?id=1',
    referrer: 'https://search.example.test/',
    title: 'Products',
    timezone: 'Europe/Paris',
    language: 'fr-FR',
    screen: { width: 1920, height: 1080 },
    viewport: { width: 1280, height: 720 },
    userId: null,
    userAnonymousId: null,
    userUuid: null,
    metadata: {},
    revId: 'rev-42',
    ...overrides,
  };
}

export function decodedBatch(session: IngestSession, seq: number, events: DecodedBatch['events'], overrides: Partial<DecodedBatch> = {}): DecodedBatch {
  return {
    sessionId: session.sessionId,
    projectId: session.projectId,
    seq,
    pageNo: 0,
    receivedAt: session.startedAt + 60 * 60_000,
    recording: [],
    events,
    final: false,
    ...overrides,
  };
}
