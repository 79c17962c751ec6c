// Public surface of the ingest plugin: refs and types only, safe for any plugin and the browser.
import { createExtensionPoint, createServiceRef } from '@cassette/plugin-sdk';
import type { EventsService, Logger, SqlRunner } from '@cassette/plugin-sdk/server';
import type { RecordingEvent, TrackerEvent } from '@cassette/tracker/protocol';

export type { RecordingEvent, TrackerEvent } from '@cassette/tracker/protocol';

/** Session ids are 19 decimal digits: the start time in ms, then 6 random digits. */
export const SESSION_ID_PATTERN = '^[0-9]{19}$';

export type DeviceType = 'desktop' | 'mobile' | 'tablet' | 'other';

/** What ingest learned about a session when it started (server-side facts included). */
export interface IngestSession {
  sessionId: string;
  projectId: number;
  tenantId: number;
  /** Server clock, epoch ms. */
  startedAt: number;
  trackerVersion: string;
  userAgent: string;
  browser: string | null;
  browserVersion: string | null;
  os: string | null;
  osVersion: string | null;
  /** Device model or vendor when the user agent names one. */
  device: string | null;
  deviceType: DeviceType;
  /** ISO 3166-1 alpha-2, or null when the address is private or unknown. */
  country: string | null;
  url: string;
  referrer: string;
  title: string;
  timezone: string | null;
  language: string | null;
  screen: { width: number; height: number };
  viewport: { width: number; height: number };
  userId: string | null;
  userAnonymousId: string | null;
  /** The tracker's per-browser random id, when the site keeps it on. */
  userUuid: string | null;
  metadata: Record<string, string>;
  revId: string | null;
}

/** One stored batch, decoded, with timestamps moved onto the server clock. */
export interface DecodedBatch {
  sessionId: string;
  projectId: number;
  seq: number;
  pageNo: number;
  /** Server clock when the batch was stored, epoch ms. */
  receivedAt: number;
  recording: RecordingEvent[];
  events: TrackerEvent[];
  final: boolean;
  /**
   * Set when this is one slice of a bigger batch (for processors with `slices: true`): `events`
   * and `recording` then hold a run of the batch's events, and an event's index in the whole
   * batch (the key a processor stores it under) is its index here plus the offset.
   */
  slice?: BatchSlice;
}

/**
 * Where a slice sits in its batch. Slices come in order and together hold every event once;
 * each is a run of both arrays cut in time order (at the same millisecond, semantic events
 * first), so for a batch recorded in time order the slices' events, one after the other, are
 * the whole batch's events in time order.
 */
export interface BatchSlice {
  /** 0-based; the last slice has `index === count - 1`. */
  index: number;
  count: number;
  /** Events of the batch before this slice (the index in the batch of `events[0]`). */
  eventOffset: number;
  /** Recording events of the batch before this slice (the index in the batch of `recording[0]`). */
  recordingOffset: number;
}

export interface SessionEnd {
  /** Server clock, epoch ms: the last event's time (not the time the silence was noticed). */
  endedAt: number;
  batches: number;
  /** Why it ended: the tracker said so, or nothing arrived for the silence period. */
  reason: 'final' | 'silence';
}

/** Core services a processor may use; processors run in background jobs, never in a request. */
export interface ProcessorContext {
  /**
   * Runs `sql\`...\`` fragments, each statement on its own; `sql.transaction(run => ...)` for
   * writes that must commit together (what a batch stores and the state kept after it).
   */
  sql: SqlRunner;
  events: EventsService;
  log: Logger;
}

/**
 * A stage of the ingest pipeline, contributed by another plugin (session summary, issue
 * heuristics, error grouping, ...). For one session, calls arrive in order: `sessionStarted`,
 * then `batch` in sequence order, then `sessionEnded`. After a crash a call may be repeated,
 * so every method must be idempotent per (session, seq).
 */
export interface IngestProcessor {
  /** Unique; processors run in the order of their `order` (default 100), then by id. */
  id: string;
  order?: number;
  /**
   * True when `batch` may be handed a big batch in slices (setting `sliceEvents`, see
   * `DecodedBatch.slice`), other sessions' work running between them: for processors whose work
   * grows with the events. Idempotent then per (session, seq, slice position). Processors
   * without it get every batch whole, once, in their turn among the last slice's calls.
   */
  slices?: boolean;
  sessionStarted?(session: IngestSession, ctx: ProcessorContext): Promise<void>;
  batch?(session: IngestSession, batch: DecodedBatch, ctx: ProcessorContext): Promise<void>;
  sessionEnded?(session: IngestSession, end: SessionEnd, ctx: ProcessorContext): Promise<void>;
}

/**
 * A word for the tracker in every batch's acknowledgement (the assist plugin's "an agent is
 * watching"): the tracker learns it at no cost of its own. Called on the request path, so it
 * must answer from memory at once; null says nothing. The answer goes out as
 * `hints[id]` of the batch response.
 */
export interface BatchAckHint {
  /** Unique; the key of the hint in the answer. */
  id: string;
  hint(projectId: number, sessionId: string): Record<string, unknown> | null;
}

export const ingestExtensionPoints = {
  processors: createExtensionPoint<IngestProcessor>('ingest.processors'),
  batchHints: createExtensionPoint<BatchAckHint>('ingest.batchHints'),
} as const;

/** What a session token (from `POST /ingest/v1/start`) proves. */
export interface SessionTokenClaims {
  sessionId: string;
  projectId: number;
}

/** Lets another endpoint called by the tracker (the assist plugin's socket) check its session token. */
export interface SessionTokens {
  /** The token's session, or the reason it is refused (text for the tracker's developer). */
  verify(token: string): { ok: true; claims: SessionTokenClaims } | { ok: false; reason: string };
}

/** What other plugins may ask ingest about stored recordings. */
export interface RecordingsService {
  /** The stored, sanitized recording of a session, batch by batch in sequence order. */
  listBatches(projectId: number, sessionId: string): Promise<{ seq: number; pageNo: number; receivedAt: number; bytes: number }[]>;
  readBatch(projectId: number, sessionId: string, seq: number): Promise<DecodedBatch | null>;
  /** GDPR and retention: drop raw recordings and ingest bookkeeping of these sessions. */
  deleteSessions(projectId: number, sessionIds: string[]): Promise<void>;
}

export const ingestServices = {
  recordings: createServiceRef<RecordingsService>('ingest.recordings'),
  sessionTokens: createServiceRef<SessionTokens>('ingest.sessionTokens'),
} as const;
