import { randomUUID } from 'node:crypto';
import type { TSchema } from '@sinclair/typebox';
import { Queue, UnrecoverableError, Worker, type Job, type JobsOptions } from 'bullmq';
import { Redis } from 'ioredis';
import type { EnqueueOptions, JobDef, JobHandler, Logger } from '@cassette/plugin-sdk/server';
import { assertEveryMs, assertPayload, jobSettings, unknownJobError, type JobQueueDepth, type JobsRuntime } from './jobs-runtime.js';

/** All kinds share one queue; the worker dispatches on the job name. */
export const BULLMQ_QUEUE_NAME = 'cassette-jobs';
export const DEFAULT_BULLMQ_PREFIX = 'cassette';

interface Kind {
  readonly def: JobDef;
  readonly handler: JobHandler<TSchema>;
  readonly slots: Semaphore;
}

export interface BullMqJobsOptions {
  /** Redis key prefix; separate installs (or test runs) sharing a Redis use different ones. */
  prefix?: string;
}

/**
 * Jobs on Redis through BullMQ, for deployments with several processes: jobs survive
 * restarts and each runs in one process only.
 */
export class BullMqJobs implements JobsRuntime {
  private readonly kinds = new Map<string, Kind>();
  private readonly queueConnection: Redis;
  private readonly workerConnection: Redis;
  private readonly queue: Queue;
  private readonly prefix: string;
  private worker: Worker | undefined;
  private state: 'idle' | 'running' | 'stopped' = 'idle';

  constructor(
    redisUrl: string,
    private readonly log: Logger,
    options: BullMqJobsOptions = {},
  ) {
    this.prefix = options.prefix ?? DEFAULT_BULLMQ_PREFIX;
    // The queue side keeps ioredis' bounded retries so enqueue fails while Redis is
    // down instead of hanging a request; BullMQ requires unbounded ones for the worker.
    this.queueConnection = new Redis(redisUrl);
    this.workerConnection = new Redis(redisUrl, { maxRetriesPerRequest: null });
    this.queue = new Queue(BULLMQ_QUEUE_NAME, { connection: this.queueConnection, prefix: this.prefix });
    this.queue.on('error', (err) => this.log.warn({ err }, 'job queue error'));
  }

  define<S extends TSchema>(job: JobDef<S>, handler: JobHandler<S>): void {
    if (this.state !== 'idle') throw new Error(`Cannot define job "${job.name}" after the jobs runtime started`);
    if (this.kinds.has(job.name)) throw new Error(`Job "${job.name}" is already defined`);
    this.kinds.set(job.name, {
      def: job,
      handler: handler as JobHandler<TSchema>,
      slots: new Semaphore(jobSettings(job).concurrency),
    });
  }

  async start(): Promise<void> {
    if (this.state !== 'idle') throw new Error('The jobs runtime can only be started once');
    this.state = 'running';
    // One worker serves every kind, so its concurrency is the sum of theirs; each
    // kind's own limit is then enforced by its semaphore in `process`.
    let concurrency = 0;
    for (const kind of this.kinds.values()) concurrency += jobSettings(kind.def).concurrency;
    const worker = new Worker(BULLMQ_QUEUE_NAME, (job) => this.process(job), {
      connection: this.workerConnection,
      prefix: this.prefix,
      concurrency: Math.max(1, concurrency),
    });
    worker.on('error', (err) => this.log.warn({ err }, 'job worker error'));
    worker.on('failed', (job, err) => this.onFailed(job, err));
    this.worker = worker;
    await worker.waitUntilReady();
  }

  async stop(): Promise<void> {
    if (this.state === 'stopped') return;
    this.state = 'stopped';
    // Worker.close() without force waits for the jobs it is running.
    await this.worker?.close();
    await this.queue.close();
    // BullMQ leaves connections it was handed open.
    await Promise.all([quit(this.queueConnection), quit(this.workerConnection)]);
  }

  async ping(): Promise<void> {
    if (this.state !== 'running') throw new Error(`the BullMQ jobs runtime is ${this.state === 'idle' ? 'not started' : 'stopped'}`);
    await this.queueConnection.ping();
  }

  async depth(): Promise<JobQueueDepth> {
    const counts = await this.queue.getJobCounts('waiting', 'prioritized', 'waiting-children', 'delayed', 'active');
    return { waiting: (counts.waiting ?? 0) + (counts.prioritized ?? 0) + (counts['waiting-children'] ?? 0), delayed: counts.delayed ?? 0, active: counts.active ?? 0 };
  }

  async enqueue<S extends TSchema>(job: JobDef<S>, payload: unknown, options: EnqueueOptions = {}): Promise<string> {
    this.kindOf(job);
    assertPayload(job, payload);
    const jobId = options.jobId ?? randomUUID();
    // An existing id (waiting, delayed or active) makes BullMQ ignore the add: the
    // dedupe window. Finished jobs are removed so the id frees up afterwards.
    await this.queue.add(job.name, payload, {
      ...this.jobOptions(job),
      jobId: encodeId(jobId),
      ...(options.delayMs && options.delayMs > 0 ? { delay: options.delayMs } : {}),
    });
    return jobId;
  }

  async schedule<S extends TSchema>(scheduleId: string, job: JobDef<S>, payload: unknown, everyMs: number): Promise<void> {
    this.kindOf(job);
    assertPayload(job, payload);
    assertEveryMs(everyMs);
    await this.queue.upsertJobScheduler(
      encodeId(scheduleId),
      { every: everyMs },
      { name: job.name, data: payload, opts: this.jobOptions(job) },
    );
  }

  async unschedule(scheduleId: string): Promise<void> {
    await this.queue.removeJobScheduler(encodeId(scheduleId));
  }

  private jobOptions(job: JobDef): JobsOptions {
    const { attempts, backoffMs } = jobSettings(job);
    return {
      attempts,
      // BullMQ's exponential backoff is delay * 2^(attemptsMade - 1), the same curve
      // as the in-process runtime.
      backoff: { type: 'exponential', delay: backoffMs },
      removeOnComplete: true,
      removeOnFail: true,
    };
  }

  private kindOf(job: JobDef): Kind {
    const kind = this.kinds.get(job.name);
    if (!kind) throw unknownJobError(job.name);
    return kind;
  }

  private async process(job: Job): Promise<void> {
    const kind = this.kinds.get(job.name);
    if (!kind) {
      // Left in Redis by a plugin no longer installed: retrying cannot help.
      throw new UnrecoverableError(`No handler for job "${job.name}" in this process`);
    }
    const jobId = decodeId(job.id ?? '');
    const attempt = job.attemptsMade + 1;
    const log = this.log.child({ job: job.name, jobId, attempt });
    const release = await kind.slots.acquire();
    try {
      await kind.handler(job.data, { attempt, jobId, log });
    } finally {
      release();
    }
  }

  private onFailed(job: Job | undefined, err: Error): void {
    if (!job) {
      this.log.error({ err }, 'job failed for good');
      return;
    }
    // attemptsMade already counts the attempt that just failed.
    const attempt = job.attemptsMade;
    const log = this.log.child({ job: job.name, jobId: decodeId(job.id ?? ''), attempt });
    const forGood = job.finishedOn !== undefined || attempt >= (job.opts.attempts ?? 1) || err instanceof UnrecoverableError;
    if (forGood) log.error({ err, attempts: job.opts.attempts }, 'job failed for good');
    else log.warn({ err, retryInMs: job.delay }, 'job failed, will retry');
  }
}

/**
 * BullMQ refuses custom ids that look like integers or contain `:`, both natural in
 * ids built from entity keys, so ids are stored escaped and behind a marker.
 */
function encodeId(id: string): string {
  return `c-${encodeURIComponent(id)}`;
}

function decodeId(stored: string): string {
  return stored.startsWith('c-') ? decodeURIComponent(stored.slice(2)) : stored;
}

async function quit(connection: Redis): Promise<void> {
  if (connection.status === 'end') return;
  try {
    await connection.quit();
  } catch {
    connection.disconnect();
  }
}

/** Counting semaphore: per-kind concurrency inside the shared worker. */
class Semaphore {
  private available: number;
  private readonly waiters: (() => void)[] = [];

  constructor(size: number) {
    this.available = size;
  }

  async acquire(): Promise<() => void> {
    if (this.available > 0) this.available--;
    else await new Promise<void>((resolve) => this.waiters.push(resolve));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiters.shift();
      if (next) next();
      else this.available++;
    };
  }
}
