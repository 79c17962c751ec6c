import type { SqlRunner } from './sql.js';
import type { EntityManager, MikroORM } from '@mikro-orm/core';
import type { TSchema, Static } from '@sinclair/typebox';
import type { AnyActorRef } from 'xstate';
import type { EventDef, EventPayload } from '../shared/events.js';
import { createServiceRef } from '../shared/refs.js';
import type { LoggerOptions } from '../shared/logger-options.js';
import type { Permission } from '../shared/permissions.js';
import type { IceServer } from '../shared/ice-servers.js';
import type { OutboundHttpClient } from './outbound-http.js';

/** Structured logger (pino-compatible subset). */
export interface Logger {
  debug(obj: object | string, msg?: string): void;
  info(obj: object | string, msg?: string): void;
  warn(obj: object | string, msg?: string): void;
  error(obj: object | string, msg?: string): void;
  child(bindings: Record<string, unknown>): Logger;
}

/** Read-only configuration of the install (a plugin's own settings: `defineSettings`). */
export interface ConfigService {
  /** The public base URL users reach the app at (links in mails). */
  readonly publicUrl: string;
  readonly dataDir: string;
  readonly embedded: boolean;
  env(name: string): string | undefined;
}

/** The database: MikroORM on PGlite (embedded) or PostgreSQL. One SQL dialect: Postgres 15. */
export interface DatabaseService {
  readonly orm: MikroORM;
  /** A fresh EntityManager fork for a unit of work. */
  em(): EntityManager;
  /** Runs `sql\`...\`` fragments, each on a fresh connection; `sql.transaction(...)` for one transaction. */
  readonly sql: SqlRunner;
  /** Run `fn` in one transaction; it commits when `fn` resolves. */
  transaction<T>(fn: (em: EntityManager) => Promise<T>): Promise<T>;
  readonly driver: 'pglite' | 'postgresql';
}

export interface JobDef<S extends TSchema = TSchema> {
  /** `<pluginId>.<name>` */
  readonly name: string;
  readonly schema: S;
  /** Attempts before a job is given up (default 3). */
  readonly attempts?: number;
  /** Base backoff in ms, doubled per attempt (default 1000). */
  readonly backoffMs?: number;
  /** Jobs of this kind run at most this many at once per process (default 1). */
  readonly concurrency?: number;
}

export function defineJob<S extends TSchema>(def: JobDef<S>): JobDef<S> {
  if (!/^[a-z][a-zA-Z0-9]*\.[a-zA-Z][a-zA-Z0-9.]*$/.test(def.name)) {
    throw new Error(`Job name "${def.name}" must look like "<pluginId>.<name>"`);
  }
  return Object.freeze({ ...def });
}

export interface EnqueueOptions {
  delayMs?: number;
  /** Jobs with the same id are enqueued once while the first is pending. */
  jobId?: string;
}

export interface JobContext {
  readonly attempt: number;
  readonly jobId: string;
  readonly log: Logger;
}

export type JobHandler<S extends TSchema> = (payload: Static<S>, ctx: JobContext) => Promise<void>;

/**
 * Background jobs and the scheduler. In-process by default, BullMQ on Redis when
 * REDIS_URL is set; both pass the same contract suite.
 */
export interface JobsService {
  enqueue<S extends TSchema>(job: JobDef<S>, payload: Static<S>, options?: EnqueueOptions): Promise<string>;
  /** Run `job` every `everyMs` (idempotent by scheduleId). */
  schedule<S extends TSchema>(scheduleId: string, job: JobDef<S>, payload: Static<S>, everyMs: number): Promise<void>;
  unschedule(scheduleId: string): Promise<void>;
}

/** Fire-and-forget messages between processes (live sessions, cache busting). */
export interface PubSubService {
  publish(channel: string, message: unknown): Promise<void>;
  subscribe(channel: string, handler: (message: unknown) => void): Promise<() => Promise<void>>;
}

/** Binary objects: recordings, screenshots, source maps. Keys are `a-z0-9._-/` paths. */
export interface BlobStore {
  put(key: string, data: Uint8Array | string, options?: { contentType?: string }): Promise<void>;
  get(key: string): Promise<Uint8Array | null>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  list(prefix: string): Promise<string[]>;
}

/** Integration tokens encrypted at rest (AES-256-GCM with a key id, so keys can rotate). */
export interface SecretsService {
  encrypt(plain: string): string;
  decrypt(sealed: string): string;
}

export interface MailMessage {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
}

/** SMTP when configured; otherwise mails are written to the server log. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Typed, versioned events between plugins. */
export interface EventsService {
  publish<E extends EventDef>(event: E, payload: EventPayload<E>): Promise<void>;
}

export interface ProjectInfo {
  id: number;
  tenantId: number;
  name: string;
  host: string;
  projectKey: string;
  recorded: boolean;
  lastRecordedSessionAt: string | null;
  gdpr: GdprSettings;
  saveRequestPayloads: boolean;
  metadataKeys: string[];
}

export interface GdprSettings {
  maskEmails: boolean;
  maskNumbers: boolean;
  defaultInputMode: 'plain' | 'obscured' | 'hidden';
  /**
   * Percent of sessions recorded (0-100), decided at session start. Null: the project has no
   * rate of its own and the account's capture rate (`GET /sample_rate`) applies.
   */
  sampleRate: number | null;
  /** Recordings and their events are deleted after this many days (default 180). */
  retentionDays: number;
  /** Canvases are recorded as pictures at most this many times a second (0: not recorded). */
  canvasFps: number;
}

/** What plugins may ask the kernel about projects (they never touch core tables). */
export interface ProjectsService {
  get(projectId: number): Promise<ProjectInfo | null>;
  byKey(projectKey: string): Promise<ProjectInfo | null>;
  listForTenant(tenantId: number): Promise<ProjectInfo[]>;
  /** Every live project of every tenant, by id: for jobs that work through all tenants (the weekly report). */
  listAll(): Promise<ProjectInfo[]>;
  /** Called by ingest when a session is recorded: drives status and onboarding. */
  /** A session started now; `trackerVersion` is what its tracker reported (the project's trackerVersion then). */
  markRecorded(projectId: number, at: Date, trackerVersion?: string): Promise<void>;
  /** The client's logger options (defaults filled in): the rules every project of the tenant records by. */
  loggerOptions(tenantId: number): Promise<LoggerOptions>;
}

export interface UserInfo {
  id: number;
  tenantId: number;
  email: string;
  name: string;
  admin: boolean;
  superAdmin: boolean;
  /** False while an invited member has not set a password yet. */
  joined: boolean;
  /** The projects the member's role covers; null: every project of the tenant (admins, roles on all projects). */
  projectIds: number[] | null;
  /** Their role's permissions (an admin holds every permission whatever these say). */
  permissions: Permission[];
}

export interface UsersService {
  get(userId: number): Promise<UserInfo | null>;
  listForTenant(tenantId: number): Promise<UserInfo[]>;
}

/** What plugins may read of an organization (they never touch core tables). */
export interface TenantsService {
  /** The organization's STUN/TURN servers for assist calls (Account.iceServers, set by an admin); [] when none are set. */
  iceServers(tenantId: number): Promise<IceServer[]>;
}

/** Onboarding tasks other plugins complete (spec part 1 §2: Identify Users, Integrations). */
export type OnboardingTask = 'identifyUsers' | 'integrations';

export interface OnboardingService {
  /** Idempotent: ingest calls it when a session carries a user id; integrations on first setup. */
  markDone(tenantId: number, task: OnboardingTask): Promise<void>;
}

/** Runs the XState flows plugins declared with `registrar.flow`; actors stop at shutdown. */
export interface FlowsService {
  start(flowId: string, input?: unknown): AnyActorRef;
}

/** The values of a metric's labels for one series, by label name. */
export type MetricLabels = Readonly<Record<string, string | number>>;

export interface MetricDef {
  /** Prometheus name starting `cassette_`, by convention `cassette_<pluginId>_<what>`; counters end in `_total`. */
  readonly name: string;
  readonly help: string;
  /** Keep them few and bounded (a route pattern, a job name), never ids or URLs. */
  readonly labelNames?: readonly string[];
}

export interface GaugeDef extends MetricDef {
  /** Runs before each scrape, to set values read from elsewhere (a queue's length). */
  collect?(gauge: GaugeMetric): void | Promise<void>;
}

export interface HistogramDef extends MetricDef {
  /** Upper bounds of the buckets (Prometheus' defaults when absent). */
  readonly buckets?: readonly number[];
}

export interface CounterMetric {
  inc(labels?: MetricLabels, amount?: number): void;
}

export interface GaugeMetric {
  set(value: number, labels?: MetricLabels): void;
  inc(labels?: MetricLabels, amount?: number): void;
  dec(labels?: MetricLabels, amount?: number): void;
}

export interface HistogramMetric {
  observe(value: number, labels?: MetricLabels): void;
  /** Starts a timer; calling the result observes the seconds elapsed (and returns them). */
  startTimer(labels?: MetricLabels): (labels?: MetricLabels) => number;
}

/**
 * Prometheus metrics, served with the kernel's own at `GET /metrics`. Asking again for a
 * metric with the same definition gives the same metric, so a handler may ask each time;
 * the same name with another kind or other labels throws.
 */
export interface MetricsService {
  counter(def: MetricDef): CounterMetric;
  gauge(def: GaugeDef): GaugeMetric;
  histogram(def: HistogramDef): HistogramMetric;
}

/** Core services, each a typed ref a plugin lists as a dependency. */
export const coreServices = {
  logger: createServiceRef<Logger>('core.logger'),
  config: createServiceRef<ConfigService>('core.config'),
  database: createServiceRef<DatabaseService>('core.database'),
  jobs: createServiceRef<JobsService>('core.jobs'),
  pubsub: createServiceRef<PubSubService>('core.pubsub'),
  blobs: createServiceRef<BlobStore>('core.blobs'),
  secrets: createServiceRef<SecretsService>('core.secrets'),
  mailer: createServiceRef<Mailer>('core.mailer'),
  events: createServiceRef<EventsService>('core.events'),
  projects: createServiceRef<ProjectsService>('core.projects'),
  users: createServiceRef<UsersService>('core.users'),
  tenants: createServiceRef<TenantsService>('core.tenants'),
  flows: createServiceRef<FlowsService>('core.flows'),
  onboarding: createServiceRef<OnboardingService>('core.onboarding'),
  metrics: createServiceRef<MetricsService>('core.metrics'),
  /** HTTP requests to the outside on a user's behalf: public addresses only, bounded (see OutboundHttpClient). */
  outboundHttp: createServiceRef<OutboundHttpClient>('core.outboundHttp'),
} as const;
