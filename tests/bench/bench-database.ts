import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestKernel, type TestKernel } from '@cassette/core/testing';
import { coreServices, sql } from '@cassette/plugin-sdk/server';
import ingestPlugin from '@cassette/plugin-ingest/server';
import sessionsPlugin from '@cassette/plugin-sessions/server';
import { generateSessions, type GenerationProgress, type GenerationResult } from './generator/index.js';
import { databaseExists, databaseUrl, recreateDatabase } from './postgres-admin.js';
import { vacuumAnalyze } from './generator/bulk-load.js';
import { LOADED_TABLES } from './generator/generate.js';

export type Engine = 'pglite' | 'postgres';
export const ENGINE_LABEL: Record<Engine, string> = { pglite: 'PGlite', postgres: 'PostgreSQL' };

/** What a generated benchmark database holds, kept beside it so `--reuse` can skip generating. */
export interface BenchManifest {
  engine: Engine;
  sessions: number;
  seed: number;
  projectId: number;
  ownerEmail: string;
  ownerPassword: string;
  generation: GenerationResult;
}

export interface BenchDatabase {
  engine: Engine;
  kernel: TestKernel;
  manifest: BenchManifest;
  /** The owner's token for the project. */
  token: string;
  /** False when an earlier run's data was reused. */
  generated: boolean;
  close(): Promise<void>;
}

export interface OpenOptions {
  sessions: number;
  seed: number;
  /** Keep a database generated earlier with the same size and seed. */
  reuse: boolean;
  /** End of the generated window (epoch ms): the same for every database of a run, so they hold the same sessions. */
  now: number;
  /** `.tmp/bench` of the repository. */
  workDir: string;
  /** The maintenance database of the PostgreSQL server (for `postgres`). */
  postgresAdminUrl: string;
  /** A section whose data differs from the shared one's (or must not disturb another's run) names its own database: `cassette_bench_<label>_<sessions>`. */
  databaseLabel?: string;
  onProgress?: (p: GenerationProgress) => void;
}

const PLUGINS = [ingestPlugin, sessionsPlugin];
// Ingest's sweeper looks for silent sessions; the benchmark records none, so it need not run.
const CONFIG = { plugins: [{ id: 'ingest', settings: { sweepEverySeconds: 3600 } }] };

function readManifest(file: string, options: OpenOptions): BenchManifest | null {
  if (!existsSync(file)) return null;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as BenchManifest;
  return manifest.sessions === options.sessions && manifest.seed === options.seed ? manifest : null;
}

async function login(kernel: TestKernel, email: string, password: string): Promise<string> {
  const res = await kernel.request('POST', '/api/login', { body: { email, password } });
  if (res.status !== 200) throw new Error(`cannot log in to the benchmark database: ${JSON.stringify(res.body)}`);
  return res.body.jwt as string;
}

async function fill(kernel: TestKernel, engine: Engine, options: OpenOptions): Promise<{ manifest: BenchManifest; token: string }> {
  const { tenantId, projectId, owner } = await kernel.createTenant('Bench shop');
  const generation = await generateSessions(kernel.kernel.resolve(coreServices.database).sql, {
    projectId,
    tenantId,
    sessions: options.sessions,
    seed: options.seed,
    now: options.now,
    deferIndexes: true,
    onProgress: options.onProgress,
  });
  const manifest: BenchManifest = { engine, sessions: options.sessions, seed: options.seed, projectId, ownerEmail: owner.email, ownerPassword: owner.password, generation };
  return { manifest, token: owner.token };
}

/**
 * Boots the real kernel (ingest + sessions) on the benchmark's own database for `engine` and
 * fills it with generated sessions, or reuses what an earlier run left when asked to.
 * PGlite lives in `.tmp/bench/pglite-<sessions>`; PostgreSQL in database `cassette_bench_<sessions>`.
 */
export async function openBenchDatabase(engine: Engine, options: OpenOptions): Promise<BenchDatabase> {
  mkdirSync(options.workDir, { recursive: true });
  const name = `${engine}-${options.sessions}`;
  const manifestFile = join(options.workDir, `${name}.json`);
  const dbName = options.databaseLabel ? `cassette_bench_${options.databaseLabel}_${options.sessions}` : `cassette_bench_${options.sessions}`;
  const dataDir = join(options.workDir, name);
  let manifest = options.reuse ? readManifest(manifestFile, options) : null;
  if (manifest && engine === 'postgres' && !(await databaseExists(options.postgresAdminUrl, dbName))) manifest = null;
  if (manifest && engine === 'pglite' && !existsSync(dataDir)) manifest = null;

  if (!manifest) {
    rmSync(manifestFile, { force: true });
    if (engine === 'postgres') await recreateDatabase(options.postgresAdminUrl, dbName);
    else rmSync(dataDir, { recursive: true, force: true });
  }
  const kernel = await createTestKernel({
    plugins: PLUGINS,
    config: CONFIG,
    ...(engine === 'postgres' ? { env: { DATABASE_URL: databaseUrl(options.postgresAdminUrl, dbName) } } : { dataDir }),
  });
  try {
    if (manifest) {
      // A reused database may just have been migrated (a backfill rewrites rows): bring its
      // statistics and visibility map to rest, as autovacuum would, or index-only scans read the heap.
      await vacuumAnalyze(kernel.kernel.resolve(coreServices.database).sql, LOADED_TABLES, () => {});
      return { engine, kernel, manifest, token: await login(kernel, manifest.ownerEmail, manifest.ownerPassword), generated: false, close: () => kernel.close() };
    }
    const filled = await fill(kernel, engine, options);
    writeFileSync(manifestFile, JSON.stringify(filled.manifest, null, 2));
    return { engine, kernel, ...filled, generated: true, close: () => kernel.close() };
  } catch (error) {
    await kernel.close();
    throw error;
  }
}

export async function databaseFacts(db: BenchDatabase): Promise<{ version: string; bytes: number; sessionsBytes: number }> {
  const service = db.kernel.kernel.resolve(coreServices.database);
  const [row] = await service.sql<{ version: string; bytes: string | number; sessions_bytes: string | number }>(sql`select version() as version, pg_database_size(current_database()) as bytes,
       (select sum(pg_total_relation_size(c.oid)) from pg_class c where c.relkind = 'r' and c.relname in ('sessions_sessions', 'sessions_events', 'sessions_issues')) as sessions_bytes`);
  return { version: String(row!.version).split(' (')[0]!.split(' on ')[0]!, bytes: Number(row!.bytes), sessionsBytes: Number(row!.sessions_bytes) };
}
