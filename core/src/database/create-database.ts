import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { EntityManager, MikroORM } from '@mikro-orm/core';
import { sqlRunner, type DatabaseService, type SqlFragment, type SqlRunner } from '@cassette/plugin-sdk/server';
import { redactUrl } from '../config/redact-url.js';
import { dumpPglite, pgliteFromTemplate } from './pglite-template.js';
import { storeJsonPropertiesStorably } from './storable-json.type.js';

export type { EntityDefinition } from '@cassette/plugin-sdk/server';
import type { EntityDefinition } from '@cassette/plugin-sdk/server';

export interface DatabaseOptions {
  /** postgres://... for PostgreSQL; absent for embedded PGlite. */
  databaseUrl?: string;
  /** Directory of the embedded database; `memory://` keeps it in memory (tests). */
  pgliteDir?: string;
  /**
   * Start a new embedded database from this dump (`dumpPglite`) instead of a fresh initdb, which
   * costs seconds: an in-memory one always, one on disk when its directory holds no cluster yet.
   */
  pgliteTemplate?: string;
  entities: EntityDefinition[];
}

export interface DatabaseRuntime extends DatabaseService {
  close(): Promise<void>;
  /** In-memory PGlite started from a template only: a tar of its data directory (test templates). */
  dumpDataDir?: () => Promise<Buffer>;
}

/**
 * Opens MikroORM on PostgreSQL when a URL is given, else on PGlite. Both speak the
 * same SQL, so plugins never branch on the driver.
 */
export async function createDatabase(options: DatabaseOptions): Promise<DatabaseRuntime> {
  let orm: MikroORM;
  let driver: DatabaseRuntime['driver'];
  let ownedClose: (() => Promise<void>) | undefined;
  let dumpDataDir: (() => Promise<Buffer>) | undefined;
  const common = {
    entities: options.entities as never[],
    debug: false,
    allowGlobalContext: false,
    // Tables come from hand-written migrations; never let the ORM guess a schema.
    ensureDatabase: false,
    discovery: { onMetadata: storeJsonPropertiesStorably },
  } as const;
  if (options.databaseUrl) {
    const { MikroORM: PgORM } = await import('@mikro-orm/postgresql');
    orm = (await PgORM.init({ ...common, clientUrl: options.databaseUrl, pool: { min: 0, max: 10 } })) as unknown as MikroORM;
    driver = 'postgresql';
    // Fail at boot, with the address, rather than on the first request.
    try {
      await orm.em.fork().getConnection().execute('select 1');
    } catch (error) {
      await orm.close(true).catch(() => undefined);
      throw new Error(`Could not reach PostgreSQL at ${redactUrl(options.databaseUrl)} (${(error as Error).message}). Check DATABASE_URL, or unset it to use the embedded database.`);
    }
  } else {
    const { MikroORM: PgliteORM } = await import('@mikro-orm/pglite');
    const dir = options.pgliteDir ?? 'memory://';
    const inMemory = dir.startsWith('memory:');
    if (!inMemory) mkdirSync(dir, { recursive: true });
    const newCluster = inMemory || !existsSync(join(dir, 'PG_VERSION'));
    const instance = newCluster && options.pgliteTemplate ? await pgliteFromTemplate(options.pgliteTemplate, inMemory ? undefined : dir) : null;
    orm = (await PgliteORM.init({
      ...common,
      dbName: inMemory ? dir : join(dir),
      ...(instance ? { driverOptions: { pglite: instance } } : {}),
    })) as unknown as MikroORM;
    if (instance) {
      ownedClose = () => instance.close();
      if (inMemory) dumpDataDir = () => dumpPglite(instance);
    }
    driver = 'pglite';
  }

  // Once closed, stay closed: the PostgreSQL pool would otherwise reconnect on the next
  // query, and readiness would report a database the server has let go of.
  let closed = false;
  const em = (): EntityManager => {
    if (closed) throw new Error('The database connection is closed');
    return orm.em.fork();
  };
  // Each statement on its own fork; a transaction holds one fork throughout.
  const run = async <T>(query: SqlFragment) => sqlRunner(em())<T>(query);
  return {
    orm,
    driver,
    em,
    sql: Object.assign(run, { transaction: async <T>(work: (tx: SqlRunner) => Promise<T>) => sqlRunner(em()).transaction(work) }),
    async transaction<T>(fn: (tx: EntityManager) => Promise<T>): Promise<T> {
      return em().transactional((tx) => fn(tx as EntityManager));
    },
    dumpDataDir,
    async close() {
      if (closed) return;
      closed = true;
      await orm.close(true);
      // MikroORM leaves an instance we passed in open: it is ours to close.
      await ownedClose?.();
    },
  };
}
