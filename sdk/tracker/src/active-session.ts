import { gzipAvailable } from './compress';
import { resolvePrivacy, type PrivacyRules } from './masking';
import { DEFAULTS, type TrackerOptions } from './options';
import type { RecordingConfig, StartResponse } from './protocol';
import type { BatchSender } from './sender';
import type { PersistedSession } from './session-store';

/** The session this page records into, as the ingest server granted it. */
export interface ActiveSession {
  sessionId: string;
  token: string;
  nextSeq: number;
  pageNo: number;
  config: RecordingConfig;
  rules: PrivacyRules;
  sender: BatchSender;
}

type Granted = Extract<StartResponse, { sampled: true }>;

/**
 * The session the server granted. It is the tab's previous one (`resumed`) only when the
 * server resumed the very session this page asked for: then the sequence and the page count
 * go on from where the previous page left them.
 */
export function openSession(
  granted: Granted,
  previous: PersistedSession | null,
  options: TrackerOptions,
  createSender: (session: ActiveSession) => BatchSender,
): { session: ActiveSession; resumed: boolean } {
  const resumed = granted.resumed && !!previous && previous.sessionId === granted.sessionId;
  const session: ActiveSession = {
    sessionId: granted.sessionId,
    token: granted.token,
    nextSeq: resumed ? Math.max(previous!.nextSeq, granted.nextSeq) : granted.nextSeq,
    pageNo: resumed ? previous!.pageNo + 1 : 0,
    config: granted.config,
    rules: resolvePrivacy(granted.config, options),
    sender: null as unknown as BatchSender,
  };
  session.sender = createSender(session);
  return { session, resumed };
}

/** Keep each batch under the server's limit: JSON compresses several times over; plain JSON does not. */
export function batchFlushBytes(config: RecordingConfig): number {
  const limit = config.maxBatchBytes > 0 ? config.maxBatchBytes : DEFAULTS.flushBytes;
  return Math.min(DEFAULTS.flushBytes, gzipAvailable() ? limit * 3 : Math.floor(limit * 0.8));
}

/** Most events one batch holds: the server's limit, or the tracker's own when the server names none. */
export function batchMaxEvents(config: RecordingConfig): number {
  const limit = config.maxBatchEvents;
  return typeof limit === 'number' && Number.isFinite(limit) && limit >= 1 ? Math.min(limit, DEFAULTS.maxBatchEvents) : DEFAULTS.maxBatchEvents;
}

/**
 * Takes the server's answer to a token renewal. Returns false when the server closed the old
 * session and granted a new one: what the old one did not store is lost, the unsent batches
 * are dropped, and the new session starts at page 0.
 */
export function renewSession(session: ActiveSession, granted: Granted): boolean {
  session.token = granted.token;
  if (granted.resumed && granted.sessionId === session.sessionId) return true;
  session.sessionId = granted.sessionId;
  session.nextSeq = granted.nextSeq;
  session.pageNo = 0;
  session.sender.reset();
  return false;
}
