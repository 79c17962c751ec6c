import { join } from 'node:path';
import type { ConfigService, Logger, Mailer, OutboundHttpClient, SecretsService } from '@cassette/plugin-sdk/server';
import type { AppConfig } from '../config/app-config.js';
import type { DatabaseRuntime } from '../database/create-database.js';
import type { MigrationSet } from '../database/migrator.js';
import { createLogger } from '../services/logger.js';
import { guardLogger } from '../services/logging/guarded-logger.js';
import type { JobsRuntime } from '../services/jobs/jobs-runtime.js';
import { InProcessJobs } from '../services/jobs/in-process-jobs.js';
import { BullMqJobs } from '../services/jobs/bullmq-jobs.js';
import type { PubSubRuntime } from '../services/pubsub/pubsub-runtime.js';
import { InProcessPubSub } from '../services/pubsub/in-process-pubsub.js';
import { RedisPubSub } from '../services/pubsub/redis-pubsub.js';
import type { BlobStoreRuntime } from '../services/blobs/blob-store-runtime.js';
import { DiskBlobStore } from '../services/blobs/disk-blob-store.js';
import { PrometheusMetrics } from '../ops/prometheus-metrics.js';
import { AesGcmSecrets } from '../services/secrets/aes-gcm-secrets.js';
import { loadSecretKeys } from '../services/secrets/load-secret-keys.js';
import { createMailer } from '../services/mailer/create-mailer.js';
import { assertRedisReachable } from '../services/redis-check.js';
import { SafeHttpClient } from '../services/outbound/safe-http-client.js';

/** Tests swap any service for a fake or a capturing one. */
export interface ServiceOverrides {
  log?: Logger;
  mailer?: Mailer;
  jobs?: JobsRuntime;
  pubsub?: PubSubRuntime;
  blobs?: BlobStoreRuntime;
  outboundHttp?: OutboundHttpClient;
  /** `memory://` for tests. */
  pgliteDir?: string;
  /** Dump to start an in-memory PGlite from (tests). */
  pgliteTemplate?: string;
  /**
   * Called with the boot's migrations before the database opens (tests): may create the
   * database from a copy already migrated to them, and keep one once they have run.
   */
  prepareDatabase?: (migrations: MigrationSet[]) => Promise<PreparedDatabase>;
}

export interface PreparedDatabase {
  /** Start the in-memory PGlite from this dump rather than `pgliteTemplate`. */
  pgliteTemplate?: string;
  /** Runs right after the migrations, before anything writes (to keep a migrated copy). */
  migrated?: (db: DatabaseRuntime) => Promise<void>;
}

export interface KernelServices {
  log: Logger;
  configService: ConfigService;
  jobs: JobsRuntime;
  pubsub: PubSubRuntime;
  blobs: BlobStoreRuntime;
  metrics: PrometheusMetrics;
  secrets: SecretsService;
  mailer: Mailer;
  outboundHttp: OutboundHttpClient;
  jwtSecret: Uint8Array;
  pgliteDir: string;
}

export async function createServices(config: AppConfig, overrides: ServiceOverrides): Promise<KernelServices> {
  // Guarded whatever writes the lines (tests capture them), so every plugin's log is bounded the same way.
  const log = guardLogger(overrides.log ?? createLogger({ level: config.logLevel, pretty: config.prettyLogs }));
  const keys = loadSecretKeys(config.dataDir, config.env);
  if (config.redisUrl && !(overrides.jobs && overrides.pubsub)) await assertRedisReachable(config.redisUrl);
  const configService: ConfigService = {
    publicUrl: config.publicUrl,
    dataDir: config.dataDir,
    embedded: !config.databaseUrl,
    env: (name) => config.env[name],
  };
  return {
    log,
    configService,
    jobs: overrides.jobs ?? (config.redisUrl ? new BullMqJobs(config.redisUrl, log, { prefix: config.redisPrefix }) : new InProcessJobs(log)),
    pubsub: overrides.pubsub ?? (config.redisUrl ? new RedisPubSub(config.redisUrl, log, { prefix: config.redisPrefix }) : new InProcessPubSub(log)),
    blobs: overrides.blobs ?? new DiskBlobStore(join(config.dataDir, 'blobs')),
    metrics: new PrometheusMetrics(log),
    secrets: new AesGcmSecrets(keys.keys, keys.currentKeyId),
    mailer: overrides.mailer ?? createMailer(config.smtpUrl, config.mailFrom, log),
    outboundHttp: overrides.outboundHttp ?? new SafeHttpClient({ allowHosts: config.outboundAllowHosts }),
    jwtSecret: keys.jwtSecret,
    pgliteDir: overrides.pgliteDir ?? join(config.dataDir, 'pglite'),
  };
}
