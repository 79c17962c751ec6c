// Test support: the sessions plugin boots only next to an ingest plugin (it extends ingest's
// processors and needs its recordings service). Plugin tests may boot no other plugin's server,
// so ingest's test kit plays that part; here it gets a recordings service over the batches a
// test stored, which keeps what was read and deleted. The suite under tests/ boots the real ingest.
import { coreServices, type DepsMap, type Mailer, type ServerPlugin } from '@cassette/plugin-sdk/server';
import { createTestKernel, type TestKernel, type TestKernelOptions } from '@cassette/plugin-sdk/testing';
import { ingestServices, type DecodedBatch, type IngestProcessor, type IngestSession, type ProcessorContext, type RecordingsService, type SessionEnd } from '@cassette/plugin-ingest/api';
import { ingestSession as ingestKitSession, ingestStandIn, processorContext } from '@cassette/plugin-ingest/testing';
import sessionsPlugin from '../server.js';
import { sessionDeletion, type SessionDeletion } from '../server/session-deletion.js';

export { decodedBatch } from '@cassette/plugin-ingest/testing';

/** The sessions tests' dates and times count from here: 20 Nov 2026, 10:00 UTC. */
const SESSION_START = Date.UTC(2026, 10, 20, 10, 0, 0);

/** Ingest's session fixture, started at `SESSION_START` and arriving from a search engine (the summary stores the referrer). */
export function ingestSession(projectId: number, tenantId: number, overrides: Partial<IngestSession> = {}): IngestSession {
  return ingestKitSession(projectId, tenantId, { startedAt: SESSION_START, referrer: 'https://search.example.test/', ...overrides });
}

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

/** Ingest's recordings service over the batches in `state`. */
function storedRecordings(state: StandIn): RecordingsService {
  return {
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
  };
}

/** Ingest's stand-in from its test kit, answering recordings from `state` and handing the processors to `state.processors`. */
export function ingestStandInOver(state: StandIn) {
  return ingestStandIn({ processors: state.processors, recordings: storedRecordings(state) });
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

/**
 * `plugins`: others to boot beside sessions (a plugin built on its services, in that plugin's tests);
 * `mailer`: what each mail goes through first (a real SMTP client, for a plugin that sends mail).
 * `env`: the kernel's extra environment (`CASSETTE_OUTBOUND_ALLOW_HOSTS` for a local receiver).
 * `config`: configuration over the defaults, e.g. `{ plugins: [{ id, settings }] }` for a plugin's settings.
 */
export async function createSessionsTestKernel(
  options: { plugins?: ServerPlugin<DepsMap>[]; mailer?: Mailer; env?: Record<string, string>; config?: TestKernelOptions['config'] } = {},
): Promise<SessionsTestKernel> {
  const state = newStandIn();
  const t = await createTestKernel({
    plugins: [ingestStandInOver(state), sessionsPlugin, ...(options.plugins ?? [])],
    ...(options.mailer ? { mailer: options.mailer } : {}),
    ...(options.env ? { env: options.env } : {}),
    ...(options.config ? { config: options.config } : {}),
  });
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
