import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { JobDef, JobHandler, JobsService } from '@cassette/plugin-sdk/server';

/**
 * What the kernel sees of a jobs backend: plugins get the narrower JobsService,
 * the kernel registers handlers and owns the lifecycle. All `define` calls happen
 * before `start`; jobs enqueued before `start` run once it is called.
 */
export interface JobsRuntime extends JobsService {
  define<S extends TSchema>(job: JobDef<S>, handler: JobHandler<S>): void;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Resolves when jobs can be enqueued and run (readiness); rejects saying why not. */
  ping(): Promise<void>;
  /** Jobs not finished yet, by state (metrics). */
  depth(): Promise<JobQueueDepth>;
}

export interface JobQueueDepth {
  /** Due, waiting for a free slot. */
  waiting: number;
  /** Not due yet: a later start or a retry's backoff. */
  delayed: number;
  /** Running now. */
  active: number;
}

export const DEFAULT_ATTEMPTS = 3;
export const DEFAULT_BACKOFF_MS = 1000;
export const DEFAULT_CONCURRENCY = 1;

/** Resolved settings of a job kind, so both backends apply the same defaults. */
export function jobSettings(job: JobDef): { attempts: number; backoffMs: number; concurrency: number } {
  return {
    attempts: Math.max(1, job.attempts ?? DEFAULT_ATTEMPTS),
    backoffMs: Math.max(0, job.backoffMs ?? DEFAULT_BACKOFF_MS),
    concurrency: Math.max(1, job.concurrency ?? DEFAULT_CONCURRENCY),
  };
}

/** Delay before the attempt after `failedAttempt` (1-based): the base doubled per attempt. */
export function backoffDelay(backoffMs: number, failedAttempt: number): number {
  return backoffMs * 2 ** (failedAttempt - 1);
}

/**
 * A payload that does not match the schema is refused at enqueue time, in the
 * caller's stack, rather than surfacing later as a handler failure that retries
 * cannot fix.
 */
export function assertPayload(job: JobDef, payload: unknown): void {
  if (Value.Check(job.schema, payload)) return;
  const problems = [...Value.Errors(job.schema, payload)]
    .slice(0, 5)
    .map((e) => `${e.path === '' ? '(root)' : e.path}: ${e.message}`);
  throw new Error(`Invalid payload for job "${job.name}": ${problems.join('; ')}`);
}

export function unknownJobError(name: string): Error {
  return new Error(`Job "${name}" is not defined; define() it before enqueueing or scheduling`);
}

export function assertEveryMs(everyMs: number): void {
  if (!Number.isFinite(everyMs) || everyMs <= 0) {
    throw new Error(`Schedule interval must be a positive number of ms, got ${everyMs}`);
  }
}
