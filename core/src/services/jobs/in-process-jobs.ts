import { randomUUID } from 'node:crypto';
import type { TSchema } from '@sinclair/typebox';
import type { EnqueueOptions, JobDef, JobHandler, Logger } from '@cassette/plugin-sdk/server';
import {
  assertEveryMs,
  assertPayload,
  backoffDelay,
  jobSettings,
  unknownJobError,
  type JobQueueDepth,
  type JobsRuntime,
} from './jobs-runtime.js';

interface Kind {
  readonly def: JobDef;
  readonly handler: JobHandler<TSchema>;
  readonly attempts: number;
  readonly backoffMs: number;
  readonly concurrency: number;
  /** Jobs whose time has come, waiting for a free slot of this kind. */
  readonly ready: Entry[];
  running: number;
}

interface Entry {
  readonly id: string;
  readonly kind: Kind;
  readonly payload: unknown;
  attempt: number;
}

interface Schedule {
  readonly job: JobDef;
  readonly payload: unknown;
  readonly everyMs: number;
  timer?: NodeJS.Timeout;
}

/**
 * Jobs in this process's memory: the embedded default when no Redis is configured.
 * Nothing survives a restart, so schedules fire once at start and then every
 * interval (a daily job would otherwise never run on a server restarted daily).
 */
export class InProcessJobs implements JobsRuntime {
  private readonly kinds = new Map<string, Kind>();
  /** Every job not finished for good, by id: the dedupe window for `jobId`. */
  private readonly pending = new Map<string, Entry>();
  private readonly delayTimers = new Set<NodeJS.Timeout>();
  private readonly schedules = new Map<string, Schedule>();
  private readonly inFlight = new Set<Promise<void>>();
  private state: 'idle' | 'running' | 'stopped' = 'idle';

  constructor(private readonly log: Logger) {}

  define<S extends TSchema>(job: JobDef<S>, handler: JobHandler<S>): void {
    if (this.state !== 'idle') throw new Error(`Cannot define job "${job.name}" after the jobs runtime started`);
    if (this.kinds.has(job.name)) throw new Error(`Job "${job.name}" is already defined`);
    this.kinds.set(job.name, {
      def: job,
      handler: handler as JobHandler<TSchema>,
      ...jobSettings(job),
      ready: [],
      running: 0,
    });
  }

  async start(): Promise<void> {
    if (this.state !== 'idle') throw new Error('The jobs runtime can only be started once');
    this.state = 'running';
    for (const [id, schedule] of this.schedules) this.startSchedule(id, schedule);
    for (const kind of this.kinds.values()) this.pump(kind);
  }

  async stop(): Promise<void> {
    if (this.state === 'stopped') return;
    this.state = 'stopped';
    for (const timer of this.delayTimers) clearTimeout(timer);
    this.delayTimers.clear();
    for (const schedule of this.schedules.values()) clearInterval(schedule.timer);
    await Promise.allSettled([...this.inFlight]);
    const dropped = this.pending.size;
    if (dropped > 0) this.log.warn({ dropped }, 'in-process jobs dropped at stop (they are not persisted)');
    this.pending.clear();
  }

  async ping(): Promise<void> {
    if (this.state !== 'running') throw new Error(`the in-process jobs runtime is ${this.state === 'idle' ? 'not started' : 'stopped'}`);
  }

  async depth(): Promise<JobQueueDepth> {
    let waiting = 0;
    let active = 0;
    for (const kind of this.kinds.values()) {
      waiting += kind.ready.length;
      active += kind.running;
    }
    // Every pending job is ready, running, or waiting for its delay or backoff timer.
    return { waiting, delayed: this.pending.size - waiting - active, active };
  }

  async enqueue<S extends TSchema>(job: JobDef<S>, payload: unknown, options: EnqueueOptions = {}): Promise<string> {
    const kind = this.kindOf(job);
    assertPayload(job, payload);
    return this.add(kind, payload, options.jobId ?? randomUUID(), options.delayMs ?? 0);
  }

  async schedule<S extends TSchema>(scheduleId: string, job: JobDef<S>, payload: unknown, everyMs: number): Promise<void> {
    this.kindOf(job);
    assertPayload(job, payload);
    assertEveryMs(everyMs);
    const existing = this.schedules.get(scheduleId);
    if (
      existing &&
      existing.job.name === job.name &&
      existing.everyMs === everyMs &&
      JSON.stringify(existing.payload) === JSON.stringify(payload)
    ) {
      return;
    }
    clearInterval(existing?.timer);
    const schedule: Schedule = { job, payload: roundTrip(payload), everyMs };
    this.schedules.set(scheduleId, schedule);
    if (this.state === 'running') this.startSchedule(scheduleId, schedule);
  }

  async unschedule(scheduleId: string): Promise<void> {
    clearInterval(this.schedules.get(scheduleId)?.timer);
    this.schedules.delete(scheduleId);
  }

  private startSchedule(scheduleId: string, schedule: Schedule): void {
    const kind = this.kindOf(schedule.job);
    // One job id per schedule, so a run still pending absorbs the next tick instead
    // of piling up behind a slow handler.
    const tick = (): void => {
      if (this.state === 'running') this.add(kind, schedule.payload, `schedule:${scheduleId}`, 0);
    };
    schedule.timer = setInterval(tick, schedule.everyMs);
    tick();
  }

  private kindOf(job: JobDef): Kind {
    const kind = this.kinds.get(job.name);
    if (!kind) throw unknownJobError(job.name);
    return kind;
  }

  private add(kind: Kind, payload: unknown, id: string, delayMs: number): string {
    if (this.state === 'stopped') throw new Error(`Cannot enqueue job "${kind.def.name}": the jobs runtime is stopped`);
    if (this.pending.has(id)) return id;
    // Serialised like the Redis backend does, so a payload that only works by
    // reference (a Date, a class instance) fails here too and not first in production.
    const entry: Entry = { id, kind, payload: roundTrip(payload), attempt: 1 };
    this.pending.set(id, entry);
    this.readyIn(entry, delayMs);
    return id;
  }

  private readyIn(entry: Entry, delayMs: number): void {
    if (delayMs <= 0) {
      entry.kind.ready.push(entry);
      this.pump(entry.kind);
      return;
    }
    const timer = setTimeout(() => {
      this.delayTimers.delete(timer);
      entry.kind.ready.push(entry);
      this.pump(entry.kind);
    }, delayMs);
    this.delayTimers.add(timer);
  }

  private pump(kind: Kind): void {
    while (this.state === 'running' && kind.running < kind.concurrency) {
      const entry = kind.ready.shift();
      if (!entry) return;
      kind.running++;
      const run = this.run(entry).finally(() => {
        kind.running--;
        this.inFlight.delete(run);
        this.pump(kind);
      });
      this.inFlight.add(run);
    }
  }

  private async run(entry: Entry): Promise<void> {
    const { kind } = entry;
    const log = this.log.child({ job: kind.def.name, jobId: entry.id, attempt: entry.attempt });
    try {
      await kind.handler(entry.payload, { attempt: entry.attempt, jobId: entry.id, log });
      this.pending.delete(entry.id);
    } catch (err) {
      if (entry.attempt >= kind.attempts) {
        this.pending.delete(entry.id);
        log.error({ err, attempts: kind.attempts }, 'job failed for good');
        return;
      }
      const delayMs = backoffDelay(kind.backoffMs, entry.attempt);
      log.warn({ err, retryInMs: delayMs }, 'job failed, will retry');
      entry.attempt++;
      // After stop() no timers may be left behind; stop() reports what is dropped.
      if (this.state === 'running') this.readyIn(entry, delayMs);
    }
  }
}

function roundTrip(payload: unknown): unknown {
  return payload === undefined ? undefined : JSON.parse(JSON.stringify(payload));
}
