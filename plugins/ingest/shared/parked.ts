// What the parked-processing routes answer and the Preferences tab shows; no server or browser imports.

/** A step of a session's processing: its start, one of its batches, or its end. */
export type ParkedStepKind = 'sessionStarted' | 'batch' | 'sessionEnded';

/** A processing step that kept failing, kept until an admin retries it (`GET /api/client/ingest/parked`). */
export interface ParkedStep {
  id: number;
  projectId: number;
  /** Empty when the project was deleted meanwhile. */
  projectName: string;
  sessionId: string;
  step: ParkedStepKind;
  /** The batch's sequence number; absent for a session's start or end. */
  seq?: number;
  /** The processor that failed (`sessions.summary`, `errors.grouping`, ...). */
  processor: string;
  /** Its error: the first line, quoted values left out, at most PARKED_ERROR_MAX_LENGTH characters. */
  error: string;
  /** Failures so far: those before it was parked, and failed retries. */
  attempts: number;
  /** Epoch ms. */
  parkedAt: number;
  /** Epoch ms of the last failed retry; absent before any. */
  retriedAt?: number;
}

export interface ParkedStepList {
  steps: ParkedStep[];
  /** All of the organization's parked steps (the list shows the first PARKED_LIST_LIMIT). */
  total: number;
}

/**
 * What a retry did: `processed` (every processor took it; no longer parked), `failing` (parked
 * still, with the new error), `gone` (its session or recording was deleted; no longer parked).
 */
export type RetryOutcomeKind = 'processed' | 'failing' | 'gone';

export interface RetryOutcome {
  id: number;
  outcome: RetryOutcomeKind;
  /** With `failing`: the processor and its error. */
  processor?: string;
  error?: string;
}

/** `POST /api/client/ingest/parked/retry`: how the retried steps went, and how many are parked still. */
export interface RetryAllOutcome {
  processed: number;
  failing: number;
  gone: number;
  /** Steps whose session was being processed at that moment, left for a later retry. */
  busy: number;
  /** Parked after this round (failing ones included). */
  remaining: number;
}

/** Failures in a row after which the pipeline parks a step (and goes on with the session). */
export const PARK_AFTER_FAILURES = 10;
/** The same, as the Preferences tab says it. */
export const MAX_FAILURES_TEXT = `${PARK_AFTER_FAILURES} times in a row`;

export const PARKED_ERROR_MAX_LENGTH = 300;
export const PARKED_LIST_LIMIT = 200;
/** Steps one "Retry all" runs; the rest wait for the next one. */
export const RETRY_ALL_LIMIT = 50;

/** How a step is named to a person: "batch 3", "session start", "session end". */
export function stepLabel(step: Pick<ParkedStep, 'step' | 'seq'>): string {
  if (step.step === 'batch') return `batch ${step.seq}`;
  return step.step === 'sessionStarted' ? 'session start' : 'session end';
}
