import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestKernel, type TestKernel } from '@cassette/core/testing';
import { coreServices, sql } from '@cassette/plugin-sdk/server';
import ingestPlugin from '@cassette/plugin-ingest/server';
import sessionsPlugin from '@cassette/plugin-sessions/server';
import errorsPlugin from '../../plugins/errors/server.js';
import type { Engine } from './bench-database.js';
import { OTHER_VIEWER_IDS } from './errors-catalogue.js';
import { generateErrors, type ErrorsGenerationResult } from './errors-generator.js';
import { databaseExists, databaseUrl, recreateDatabase } from './postgres-admin.js';

/** What a generated errors database holds, kept beside it so `--reuse` can skip generating. */
export interface ErrorsBenchManifest {
  engine: Engine;
  groups: number;
  occurrences: number;
  seed: number;
  projectId: number;
  ownerEmail: string;
  ownerPassword: string;
  generation: ErrorsGenerationResult;
}

export interface ErrorsBenchDatabase {
  engine: Engine;
  kernel: TestKernel;
  manifest: ErrorsBenchManifest;
  /** The owner's (an admin's) token. */
  token: string;
  /** False when an earlier run's data was reused. */
  generated: boolean;
  close(): Promise<void>;
}

export interface OpenErrorsOptions {
  groups: number;
  occurrences: number;
  seed: number;
  reuse: boolean;
  /** End of the generated window (epoch ms), the same for every database of a run. */
  now: number;
  /** `.tmp/bench` of the repository. */
  workDir: string;
  postgresAdminUrl: string;
  onProgress?: (step: string, elapsedMs: number) => void;
}

const PLUGINS = [ingestPlugin, sessionsPlugin, errorsPlugin];
// Ingest's sweeper looks for silent sessions; the benchmark records none, so it need not run.
const CONFIG = { plugins: [{ id: 'ingest', settings: { sweepEverySeconds: 3600 } }] };

function readManifest(file: string, o: OpenErrorsOptions): ErrorsBenchManifest | null {
  if (!existsSync(file)) return null;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as ErrorsBenchManifest;
  return manifest.groups === o.groups && manifest.occurrences === o.occurrences && manifest.seed === o.seed ? manifest : null;
}

async function login(kernel: TestKernel, email: string, password: string): Promise<string> {
  const res = await kernel.request('POST', '/api/login', { body: { email, password } });
  if (res.status !== 200) throw new Error(`cannot log in to the benchmark database: ${JSON.stringify(res.body)}`);
  return res.body.jwt as string;
}

/**
 * Boots the real kernel (ingest, sessions, errors) on the benchmark's own database for
 * `engine` and fills a project with generated errors, or reuses an earlier run's when asked.
 * PGlite lives in `.tmp/bench/errors-pglite-<groups>-<occurrences>`; PostgreSQL in database
 * `cassette_bench_errors_<groups>_<occurrences>`.
 */
export async function openErrorsBenchDatabase(engine: Engine, o: OpenErrorsOptions): Promise<ErrorsBenchDatabase> {
  mkdirSync(o.workDir, { recursive: true });
  const name = `errors-${engine}-${o.groups}-${o.occurrences}`;
  const manifestFile = join(o.workDir, `${name}.json`);
  const dbName = `cassette_bench_errors_${o.groups}_${o.occurrences}`;
  const dataDir = join(o.workDir, name);
  let manifest = o.reuse ? readManifest(manifestFile, o) : null;
  if (manifest && engine === 'postgres' && !(await databaseExists(o.postgresAdminUrl, dbName))) manifest = null;
  if (manifest && engine === 'pglite' && !existsSync(dataDir)) manifest = null;

  if (!manifest) {
    rmSync(manifestFile, { force: true });
    if (engine === 'postgres') await recreateDatabase(o.postgresAdminUrl, dbName);
    else rmSync(dataDir, { recursive: true, force: true });
  }
  const kernel = await createTestKernel({
    plugins: PLUGINS,
    config: CONFIG,
    ...(engine === 'postgres' ? { env: { DATABASE_URL: databaseUrl(o.postgresAdminUrl, dbName) } } : { dataDir }),
  });
  try {
    if (manifest) {
      return { engine, kernel, manifest, token: await login(kernel, manifest.ownerEmail, manifest.ownerPassword), generated: false, close: () => kernel.close() };
    }
    const { tenantId, projectId, owner } = await kernel.createTenant('Bench shop');
    const generation = await generateErrors(kernel.kernel.resolve(coreServices.database).sql, {
      projectId,
      tenantId,
      groups: o.groups,
      occurrences: o.occurrences,
      seed: o.seed,
      now: o.now,
      viewerIds: [owner.id, ...OTHER_VIEWER_IDS],
      deferIndexes: true,
      onProgress: o.onProgress,
    });
    const made: ErrorsBenchManifest = { engine, groups: o.groups, occurrences: o.occurrences, seed: o.seed, projectId, ownerEmail: owner.email, ownerPassword: owner.password, generation };
    writeFileSync(manifestFile, JSON.stringify(made, null, 2));
    return { engine, kernel, manifest: made, token: owner.token, generated: true, close: () => kernel.close() };
  } catch (error) {
    await kernel.close();
    throw error;
  }
}

/** The server's version, the database's size and the errors tables' (with their indexes). */
export async function errorsDatabaseFacts(db: ErrorsBenchDatabase): Promise<{ version: string; bytes: number; errorsBytes: number; occurrencesBytes: number }> {
  const service = db.kernel.kernel.resolve(coreServices.database);
  const [row] = await service.sql<{ version: string; bytes: string | number; errors_bytes: string | number; occurrences_bytes: string | number }>(sql`select version() as version, pg_database_size(current_database()) as bytes,
       (select sum(pg_total_relation_size(c.oid)) from pg_class c where c.relkind = 'r' and c.relname like 'errors\\_%') as errors_bytes,
       pg_total_relation_size('errors_occurrences') as occurrences_bytes`);
  return {
    version: String(row!.version).split(' (')[0]!.split(' on ')[0]!,
    bytes: Number(row!.bytes),
    errorsBytes: Number(row!.errors_bytes),
    occurrencesBytes: Number(row!.occurrences_bytes),
  };
}
