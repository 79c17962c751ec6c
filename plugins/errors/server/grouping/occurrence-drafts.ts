import { SYNTHETIC_RUN_METADATA_KEY } from '@cassette/plugin-sdk';
import type { DecodedBatch, IngestSession, TrackerEvent } from '@cassette/plugin-ingest/api';
import type { StackFrame } from '../../api.js';
import { parseStack } from '../stack/parse-stack.js';
import { fingerprint } from './fingerprint.js';

const ERROR_SOURCES = ['js_exception', 'unhandled_rejection', 'handled'] as const;
const NAME_MAX = 200;
const MESSAGE_MAX = 2000;
const STACK_MAX = 50_000;
const URL_MAX = 2000;
const IDENTITY_MAX = 200;
/** Before 2000 or after 9999 a time is a broken clock (and beyond what PostgreSQL reads back). */
const EARLIEST_TS = 946_684_800_000;
const LATEST_TS = 253_402_300_799_999;
/** The session metadata key a synthetic test run sets (to its run id) in the tracker it injects. */
export const SYNTHETIC_METADATA_KEY = SYNTHETIC_RUN_METADATA_KEY;

/** What the processor remembers about a session between batches (`errors_sessions`). */
export interface SessionState {
  userId: string | null;
  userAnonymousId: string | null;
  userUuid: string | null;
  /** The page open at the end of the last batch (origin and path). */
  pageUrl: string | null;
  /** The session is a synthetic test run: its metadata carries `synthetic` (the run id), not empty. */
  synthetic: boolean;
  /** The batch that last changed the state; -1 = the session's start. */
  lastSeq: number;
}

/** One recorded exception, ready to be stored. */
export interface OccurrenceDraft {
  seq: number;
  idx: number;
  ts: Date;
  source: string;
  name: string;
  message: string;
  stack: string | null;
  frames: StackFrame[];
  fingerprint: string;
  firstFrame: string | null;
  userId: string | null;
  userAnonymousId: string | null;
  url: string | null;
}

/** PostgreSQL text holds no U+0000; long values are cut rather than fail the batch. */
export function clean(value: unknown, max: number): string | null {
  if (typeof value !== 'string') return null;
  const text = value.includes('\u0000') ? value.replaceAll('\u0000', '') : value;
  return text.length > max ? text.slice(0, max) : text;
}

/** The page as the tags group it: origin and path, without query or hash (which may carry tokens). */
export function pageUrl(value: unknown): string | null {
  const url = clean(value, URL_MAX);
  if (!url) return null;
  return url.split(/[?#]/, 1)[0] || null;
}

function eventTime(ts: unknown, fallback: number): Date {
  return new Date(typeof ts === 'number' && Number.isFinite(ts) && ts >= EARLIEST_TS && ts <= LATEST_TS ? Math.floor(ts) : fallback);
}

/** "fn (file:line:col)" of the first in-app frame, as recorded (not mapped). */
export function firstFrameSummary(frames: readonly StackFrame[]): string | null {
  const frame = frames.find((f) => f.inApp);
  if (!frame) return null;
  const where = [frame.filename ?? frame.absPath ?? '?', frame.lineNo, frame.colNo].filter((p) => p !== null).join(':');
  return frame.function ? `${frame.function} (${where})` : where;
}

/** A metadata value marks a synthetic run when it is present and not blank. */
export function isSyntheticValue(value: unknown): boolean {
  return typeof value === 'string' && value.trim() !== '';
}

export function startState(session: IngestSession): SessionState {
  return {
    userId: clean(session.userId, IDENTITY_MAX) || null,
    userAnonymousId: clean(session.userAnonymousId, IDENTITY_MAX) || null,
    userUuid: clean(session.userUuid, IDENTITY_MAX) || null,
    pageUrl: pageUrl(session.url),
    synthetic: isSyntheticValue(session.metadata?.[SYNTHETIC_METADATA_KEY]),
    lastSeq: -1,
  };
}

/** Whom an occurrence counts for: the user id, else the browser's id, else the session. */
export function userKey(userId: string | null, userUuid: string | null, sessionId: string): string {
  return userId ?? userUuid ?? `session:${sessionId}`;
}

export interface BatchReading {
  drafts: OccurrenceDraft[];
  /** The state after the batch. */
  state: SessionState;
  /** The user the batch named, if it did: earlier occurrences of the session without one get it. */
  identifiedAs: string | null;
}

/**
 * Reads a batch's exceptions in order, each with the user and page of that moment: a
 * `user_id` or `page` event earlier in the batch, else what the state carried in.
 */
export function readBatch(batch: DecodedBatch, before: SessionState): BatchReading {
  let { userId, userAnonymousId, pageUrl: page, synthetic } = before;
  let identifiedAs: string | null = null;
  const drafts: OccurrenceDraft[] = [];
  // In a slice of a batch, an event's key is its index in the whole batch.
  const firstIdx = batch.slice?.eventOffset ?? 0;
  batch.events.forEach((raw: TrackerEvent, i) => {
    const idx = firstIdx + i;
    const e = raw as TrackerEvent & Record<string, unknown>;
    switch (e.type) {
      case 'page':
        page = pageUrl(e.url) ?? page;
        break;
      case 'user_id': {
        const id = clean(e.userId, IDENTITY_MAX);
        if (id) userId = identifiedAs = id;
        break;
      }
      case 'user_anonymous_id':
        userAnonymousId = clean(e.userAnonymousId, IDENTITY_MAX) || userAnonymousId;
        break;
      case 'metadata':
        // The latest value rules, as for the session's own metadata.
        if (e.key === SYNTHETIC_METADATA_KEY) synthetic = isSyntheticValue(e.value);
        break;
      case 'error': {
        const name = clean(e.name, NAME_MAX)?.trim() || 'Error';
        const message = clean(e.message, MESSAGE_MAX) ?? '';
        const stack = clean(e.stack, STACK_MAX) || null;
        const frames = parseStack(stack, name);
        const source = (ERROR_SOURCES as readonly unknown[]).includes(e.source) ? (e.source as string) : 'js_exception';
        drafts.push({
          seq: batch.seq,
          idx,
          ts: eventTime(e.ts, batch.receivedAt),
          source,
          name,
          message,
          stack,
          frames,
          fingerprint: fingerprint({ name, message, frames }),
          firstFrame: firstFrameSummary(frames),
          userId,
          userAnonymousId,
          url: page,
        });
        break;
      }
      default:
        break;
    }
  });
  const changed = userId !== before.userId || userAnonymousId !== before.userAnonymousId || page !== before.pageUrl || synthetic !== before.synthetic;
  // A late batch (its gap was skipped) tells what was true before the state already stored.
  const state = changed && batch.seq >= before.lastSeq ? { ...before, userId, userAnonymousId, pageUrl: page, synthetic, lastSeq: batch.seq } : before;
  return { drafts, state, identifiedAs };
}
